"""Keys that tell which scalars Python treats as one value (mirrors `src/types/scalarKeys.ts`)."""

from __future__ import annotations

from typing import Any


def equality_key(value: Any) -> str:
    """Equal for scalars that `==` (a set, an enum's value lookup) treats as one: `1`, `1.0` and
    `True` are the same; `"1"` is not. Only finite numbers come here."""
    if value is None:
        return "null"
    if isinstance(value, str):
        return f"s:{value}"
    if isinstance(value, bool):
        return f"n:{int(value)}"
    if type(value) is int:
        return f"n:{value}"
    return f"n:{int(value)}" if value.is_integer() else f"f:{value!r}"


def typed_key(value: Any) -> str:
    """Equal for literal values that `typing.Literal` treats as one: the same value of the same
    type (`Literal[1, True, 1.0]` has three values, `Literal[0.0, -0.0]` one)."""
    if value is None:
        return "null"
    if isinstance(value, str):
        return f"s:{value}"
    if isinstance(value, bool):
        return f"b:{'true' if value else 'false'}"
    if type(value) is int:
        return f"i:{value}"
    return f"f:{(0.0 if value == 0 else value)!r}"
