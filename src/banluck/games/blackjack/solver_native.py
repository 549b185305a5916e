"""The blackjack solver's kernels compiled ahead of time, so a new process needs no Numba.

``solver_kernel`` is the one home of the solver's two hot loops. Run in a new process
through Numba's just-in-time compiler, loading even their cached machine code costs about
0.4 s (Numba's import and its compiler's set-up, once per process), ten times the solve.
``build()`` (run by ``banluck warm``, which ``scripts/setup.sh`` runs) compiles the same two
functions, from the same source, into an extension module with Numba's ahead-of-time
compiler (``numba.pycc``, a C compiler being on the machine); the module imports with NumPy
alone.

The module's name carries a digest of ``solver_kernel.py`` and of the signatures below, so a
module built from an older source is never loaded: ``kernels()`` then falls back to the
just-in-time kernels (and ``banluck warm`` builds the new module). ``tests/blackjack/
test_solver_native.py`` checks that the module is built and that it gives the kernels'
figures exactly.
"""

from __future__ import annotations

import hashlib
import importlib
from functools import lru_cache
from pathlib import Path
from types import ModuleType

_HERE = Path(__file__).resolve().parent
_PACKAGE = __name__.rpartition(".")[0]
_PREFIX = "_solver_native_"

#: Each kernel's one signature (the types ``solver`` and ``solver_bustplay`` pass, all
#: arrays C-contiguous).
SIGNATURES = {
    "dealer_outcomes": (
        "i8(i8[::1], i8[:, ::1], i8, i8[:, ::1], i8[::1], i8[:, ::1], i8[:, ::1],"
        " f8[:, ::1], f8[:, ::1])"
    ),
    "play_family": (
        "i8(i8[::1], i8[:, ::1], f8[:, :, ::1], i8[::1], i8[::1], i8[::1], i8[:, ::1],"
        " i8[::1], b1, i8[::1], f8[:, ::1], f8[:, ::1], f8[:, :, ::1], f8[:, :, ::1],"
        " f8[:, :, ::1], i8[:, ::1], b1, b1)"
    ),
}


def module_name() -> str:
    """The extension's module name for today's kernel source and signatures."""
    h = hashlib.sha256((_HERE / "solver_kernel.py").read_bytes())
    h.update(repr(sorted(SIGNATURES.items())).encode())
    return _PREFIX + h.hexdigest()[:16]


@lru_cache(maxsize=1)
def native() -> ModuleType | None:
    """The extension built from today's source, or None when it is not built (or cannot be
    loaded here)."""
    try:
        return importlib.import_module(f"{_PACKAGE}.{module_name()}")
    except ImportError:
        return None


def kernels() -> ModuleType:
    """What the solver calls ``dealer_outcomes`` and ``play_family`` on: the extension when
    it is built, else ``solver_kernel`` (Numba, just in time)."""
    mod = native()
    if mod is not None:
        return mod
    from banluck.games.blackjack import solver_kernel

    return solver_kernel


def build(output_dir: Path | None = None) -> Path:
    """Compile the extension for the host's processor into ``output_dir`` (this package's
    directory by default), removing the extensions of older sources there; its path."""
    from numba.pycc import CC  # type: ignore[attr-defined]

    from banluck.games.blackjack import solver_kernel

    out = _HERE if output_dir is None else output_dir
    name = module_name()
    cc = CC(name)  # type: ignore[no-untyped-call]
    cc.output_dir = str(out)
    cc.target_cpu = "host"  # like the just-in-time cache: built where it runs
    cc.verbose = False
    for fn_name, sig in SIGNATURES.items():
        cc.export(fn_name, sig)(getattr(solver_kernel, fn_name).py_func)  # type: ignore[no-untyped-call]
    cc.compile()
    built = [p for p in out.glob(f"{name}.*") if p.suffix in (".so", ".pyd")]
    if not built:
        raise RuntimeError(f"numba.pycc left no extension named {name} in {out}")
    for old in out.glob(f"{_PREFIX}*"):
        if not old.name.startswith(name + "."):
            old.unlink()
    native.cache_clear()
    return built[0]
