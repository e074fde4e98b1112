"""Reading the scalars of literals, set defaults and enum members (mirrors `src/types/readScalar.ts`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import declaration_messages as msg
from .declaration_tree import child_path, expected, fail, is_finite_float, is_json_scalar


def read_finite_scalar(value: Any, path: str) -> Any:
    """A JSON scalar that is not NaN or an infinity."""
    if not is_json_scalar(value):
        expected("a string, number, boolean or null", value, path)
    if not is_finite_float(value):
        fail(path, msg.non_finite(value))
    return value


def read_unique_scalars(items: list[Any], path: str, key_of: Callable[[Any], str], duplicate: Callable[[Any], str]) -> None:
    """Each item a finite scalar, and no two alike by `key_of`; the second of a pair is refused with `duplicate`."""
    seen: set[str] = set()
    for index, item in enumerate(items):
        item_path = child_path(path, index)
        key = key_of(read_finite_scalar(item, item_path))
        if key in seen:
            fail(item_path, duplicate(item))
        seen.add(key)
