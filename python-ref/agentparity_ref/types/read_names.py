"""Names of models and enums as they are declared (mirrors `src/types/readNames.ts`)."""

from __future__ import annotations

from typing import Any

from . import declaration_messages as msg
from .declaration_tree import expect_string, fail
from .python_names import defs_key, is_python_name


def read_name(tree: Any, path: str) -> str:
    """A string that is a valid Python name (see `is_python_name`)."""
    name = expect_string(tree, path)
    if not is_python_name(name):
        fail(path, msg.not_python_name(name))
    return name


class NameRegistry:
    """The enum and model names of one declaration, registered in walk order (enums first), so
    that a repeated name, a name used for both, or two names that pydantic files under one
    `$defs` key are refused where the second one is declared."""

    def __init__(self) -> None:
        self._enums: set[str] = set()
        self._models: set[str] = set()
        self._defs_keys: dict[str, str] = {}

    def declare_enum(self, tree: Any, path: str) -> str:
        name = read_name(tree, path)
        if name in self._enums:
            fail(path, msg.duplicate_enum(name))
        self._enums.add(name)
        return self._claim_defs_key(name, path)

    def declare_model(self, tree: Any, path: str) -> str:
        name = read_name(tree, path)
        if name in self._models:
            fail(path, msg.duplicate_model(name))
        if name in self._enums:
            fail(path, msg.enum_and_model(name))
        self._models.add(name)
        return self._claim_defs_key(name, path)

    def _claim_defs_key(self, name: str, path: str) -> str:
        key = defs_key(name)
        other = self._defs_keys.get(key)
        if other is not None:
            fail(path, msg.defs_key_clash(name, other, key))
        self._defs_keys[key] = name
        return name
