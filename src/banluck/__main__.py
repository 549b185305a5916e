"""``python -m banluck``."""

from banluck.cli import main

raise SystemExit(main())
