"""Numba kernels compiled ahead of time, so that a command in a new process needs no Numba.

A kernel module (``@njit`` functions, their one home) run through Numba's just-in-time
compiler costs a new process about 0.4 s before the first call, even with its machine code
cached on disk (Numba's import and its compiler's set-up, once per process): more than the
exact solvers' whole work. ``AheadOfTime.build`` (run by ``banluck warm``, which
``scripts/setup.sh`` runs) compiles the same functions, from the same source, into an
extension module with Numba's ahead-of-time compiler (``numba.pycc``, with the C compiler),
beside the kernel module; the extension imports with NumPy alone.

The extension's name carries a digest of the kernel module's source and of the signatures,
so one built from an older source is never loaded: ``kernels()`` then falls back to the
just-in-time kernels (and ``banluck warm`` builds the new extension). The solvers' tests check
that each extension is built and gives the just-in-time kernels' figures exactly.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType


@dataclass(frozen=True, kw_only=True)
class AheadOfTime:
    """The functions ``signatures`` names of the kernel module ``kernel`` (a dotted name),
    compiled ahead of time (module text)."""

    kernel: str
    #: each exported function's one signature (Numba's notation)
    signatures: Mapping[str, str]
    #: the loaded extension, or None when none of today's source is built (``native``)
    _loaded: dict[str, ModuleType | None] = field(default_factory=dict, compare=False)

    def _source(self) -> Path:
        spec = importlib.util.find_spec(self.kernel)
        if spec is None or spec.origin is None:
            raise ImportError(f"no kernel module {self.kernel}")
        return Path(spec.origin)

    def module_name(self) -> str:
        """The extension's module name for today's kernel source and signatures."""
        h = hashlib.sha256(self._source().read_bytes())
        h.update(repr(sorted(self.signatures.items())).encode())
        return f"_native_{self.kernel.rpartition('.')[2]}_{h.hexdigest()[:16]}"

    def native(self) -> ModuleType | None:
        """The extension built from today's source, or None when it is not built (or cannot
        be loaded here); looked for once."""
        if "module" not in self._loaded:
            package = self.kernel.rpartition(".")[0]
            try:
                self._loaded["module"] = importlib.import_module(f"{package}.{self.module_name()}")
            except ImportError:
                self._loaded["module"] = None
        return self._loaded["module"]

    def forget(self) -> None:
        """Look for the extension again at the next ``native`` (after a build)."""
        self._loaded.clear()

    def kernels(self) -> ModuleType:
        """What to call the kernels on: the extension when it is built, else the kernel
        module itself (Numba, just in time)."""
        mod = self.native()
        return mod if mod is not None else importlib.import_module(self.kernel)

    def build(self, output_dir: Path | None = None) -> Path:
        """Compile the extension for the host's processor into ``output_dir`` (the kernel
        module's directory by default), removing there the extensions of older sources of the
        same kernel module; its path."""
        from numba.pycc import CC  # type: ignore[attr-defined]

        kernel = importlib.import_module(self.kernel)
        out = self._source().parent if output_dir is None else output_dir
        name = self.module_name()
        cc = CC(name)  # type: ignore[no-untyped-call]
        cc.output_dir = str(out)
        cc.target_cpu = "host"  # like the just-in-time cache: built where it runs
        cc.verbose = False
        for fn_name, sig in self.signatures.items():
            cc.export(fn_name, sig)(getattr(kernel, fn_name).py_func)  # type: ignore[no-untyped-call]
        cc.compile()
        built = [p for p in out.glob(f"{name}.*") if p.suffix in (".so", ".pyd")]
        if not built:
            raise RuntimeError(f"numba.pycc left no extension named {name} in {out}")
        prefix = name.rpartition("_")[0] + "_"
        for old in out.glob(f"{prefix}*"):
            if not old.name.startswith(name + "."):
                old.unlink()
        self.forget()
        return built[0]
