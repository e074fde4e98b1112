"""The import graph of a package, read from its source with `ast`, and the cycles in it.

An edge runs from a module to every module an import statement makes Python load: the named
module and each package above it (loading `a.b.c` runs `a/__init__.py` and `a/b/__init__.py`),
and, for `from a.b import c`, the submodule `a.b.c` when there is one. Imports inside functions
count too (a lazy import is how a cycle hides), imports under `if TYPE_CHECKING:` do not (they
never run). A module's own ancestor packages are never edges: Python has begun loading them
before the module runs.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path


def module_names(root: Path, package: str) -> dict[str, Path]:
    """Every module of `package` (found under `root`) by dotted name; a package is its `__init__`."""
    names: dict[str, Path] = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from (found for child in node.orelse for found in _imports_of(child))
            continue
        yield from _imports_of(node)


def _imports_of(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        yield node
        return
    yield from _imports(node)


def _absolute(module: str, is_package: bool, found: ast.ImportFrom) -> str:
    if found.level == 0:
        return found.module or ""
    base = module.split(".")
    # A package's `from . import x` is relative to the package itself, a module's to its parent.
    base = base[: len(base) - found.level + (1 if is_package else 0)]
    return ".".join([*base, *([found.module] if found.module else [])])


def _with_ancestors(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[: end + 1]) for end in range(len(parts))]


def import_graph(root: Path, package: str) -> dict[str, set[str]]:
    """Each module of `package` and the modules of `package` its imports load."""
    modules = module_names(root, package)
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        is_package = path.name == "__init__.py"
        own_ancestors = set(_with_ancestors(module)[:-1]) | ({module} if is_package else set())
        targets: set[str] = set()
        for found in _imports(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(found, ast.Import):
                names = [alias.name for alias in found.names]
            else:
                base = _absolute(module, is_package, found)
                names = [base, *(f"{base}.{alias.name}" for alias in found.names if f"{base}.{alias.name}" in modules)]
            targets.update(loaded for name in names for loaded in _with_ancestors(name) if loaded in modules)
        graph[module] = targets - own_ancestors - {module}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(start: str) -> None:
        # Iterative, so that a deep graph does not meet the recursion limit.
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)
