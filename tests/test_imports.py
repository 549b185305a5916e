"""The package's layers, read from its source: no import cycle among its modules at run time
(an import inside a function counts; one under ``if TYPE_CHECKING`` does not), the core
imports nothing of the games, the rooms or the web, and the rooms nothing of the web."""

from __future__ import annotations

import ast
from pathlib import Path

import banluck

ROOT = Path(banluck.__file__).resolve().parent


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imports(path: Path, known: set[str]) -> set[str]:
    """The project's modules ``path`` imports when it runs."""
    name = _module(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if _type_checking(node):
            return
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            targets = [base] + [f"{base}.{a.name}" for a in node.names]
        for t in targets:
            while t and t not in known:
                t = t.rpartition(".")[0]
            if t and t != name:
                found.add(t)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def _graph() -> dict[str, set[str]]:
    paths = sorted(ROOT.rglob("*.py"))
    known = {_module(p) for p in paths}
    return {_module(p): _imports(p, known) for p in paths}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return out


def test_no_module_imports_itself_round_a_cycle() -> None:
    # a package's __init__ that gathers its modules is no cycle of theirs: left out
    graph = {
        m: {
            t
            for t in targets
            if not (
                m.startswith(t + ".")
                and (ROOT.parent / t.replace(".", "/") / "__init__.py").exists()
            )
        }
        for m, targets in _graph().items()
    }
    assert _cycles(graph) == []


def test_the_layers_import_only_downwards() -> None:
    graph = _graph()
    for module, targets in graph.items():
        if module.startswith("banluck.core"):
            assert not {
                t
                for t in targets
                if t.startswith(("banluck.games", "banluck.rooms", "banluck.web"))
            }, module
        if module.startswith("banluck.rooms"):
            assert not {t for t in targets if t.startswith("banluck.web")}, module
