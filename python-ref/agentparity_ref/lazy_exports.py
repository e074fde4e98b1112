"""Package exports that load on first use.

The upper layer of a package (the local runner, the runnable sub-agent setups) needs packages
that need its lower layer. Loading the upper layer when it is first asked for lets any package be
imported first without a cycle, while `from agentparity_ref.runtime import LocalRunner` still works.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any


def lazy_exports(package: str, exports: Mapping[str, str]) -> Callable[[str], Any]:
    """A module `__getattr__` (PEP 562) that imports `exports[name]` (a module relative to
    `package`) the first time `name` is asked for, and keeps what it found."""

    def __getattr__(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module, package), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
