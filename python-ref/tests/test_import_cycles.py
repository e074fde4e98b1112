"""No import cycle in the package: every module, package `__init__`s included, can load first."""

from pathlib import Path

from helpers.import_graph import cycles, import_graph

ROOT = Path(__file__).resolve().parents[1]


def test_the_package_has_no_import_cycle() -> None:
    assert cycles(import_graph(ROOT, "agentparity_ref")) == []


def _package(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_a_cycle_through_a_package_init_and_a_lazy_import_is_found(tmp_path: Path) -> None:
    # `low.a` loads the package `high`, whose `__init__` loads `high.b`, which needs `low.a` back
    # from inside a function; `low.c` is needed only by a type checker and so is no edge.
    root = _package(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/low/__init__.py": "from .a import A\n",
            "pkg/low/a.py": "from ..high.b import B\nA = 1\n",
            "pkg/low/c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..high import B\n",
            "pkg/high/__init__.py": "from .b import B\n",
            "pkg/high/b.py": "def B():\n    from ..low.a import A\n    return A\n",
        },
    )
    assert cycles(import_graph(root, "pkg")) == [["pkg.high", "pkg.high.b", "pkg.low", "pkg.low.a"]]
