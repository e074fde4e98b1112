"""Reading `constraints` and the types they apply to (mirrors `src/types/readConstraints.ts`)."""

from __future__ import annotations

import math
from typing import Any

from . import declaration_messages as msg
from .declaration import Constraints, TypeExpr, UnionType
from .declaration_tree import (
    MISSING,
    check_known_keys,
    child_path,
    expect_object,
    expect_string,
    expected,
    fail,
    get,
    is_py_float,
    is_py_int,
)
from .type_expr_key import flatten_union

CONSTRAINT_KEYS = ("gt", "ge", "lt", "le", "multiple_of", "min_length", "max_length", "pattern")
"""The constraints in the order they are checked (pydantic's own order of `Field` metadata)."""

_NUMERIC_TYPES = frozenset({"int", "float", "decimal"})
_BOUNDS = ("gt", "ge", "lt", "le", "multiple_of")
_SIZED_TYPES = frozenset({"str", "bytes", "list", "set", "frozenset", "dict", "tuple"})
_MAX_LENGTH = 2**53 - 1

# pydantic accepts a constraint on any type and renders it raw or drops it where it does not
# apply; the declaration refuses those instead of reproducing that.
_APPLIES_TO = {
    "gt": _NUMERIC_TYPES,
    "ge": _NUMERIC_TYPES,
    "lt": _NUMERIC_TYPES,
    "le": _NUMERIC_TYPES,
    "multiple_of": _NUMERIC_TYPES,
    "min_length": _SIZED_TYPES,
    "max_length": _SIZED_TYPES,
    "pattern": frozenset({"str"}),
}


def constraint_target(expr: TypeExpr) -> TypeExpr:
    """The type a constraint lands on: the type itself, or X for `Optional[X]` (pydantic puts the
    constraint inside the X branch), or the member of a one-member union."""
    if not isinstance(expr, UnionType):
        return expr
    flat = [member for member, _ in flatten_union(expr.members, "$")]
    others = [member for member in flat if member.type != "none"]
    if len(flat) == 1 or (len(flat) == 2 and len(others) == 1):
        return others[0] if others else flat[0]
    return expr


def _read_number(value: Any, path: str) -> int | float:
    if is_py_int(value):
        return value
    if not is_py_float(value):
        expected("a number", value, path)
    if not math.isfinite(value):
        fail(path, msg.non_finite(value))
    return value


# pydantic-core reads a bound of an int as a 64-bit int: a float one must be whole and inside
# (-2**63, 2**63) (it refuses -2**63 itself as a float), or the class cannot be built.
_INT_BOUND = 2.0**63


def _is_int_bound(value: int | float) -> bool:
    return is_py_int(value) or (value.is_integer() and -_INT_BOUND < value < _INT_BOUND)


def _read_length(value: Any, path: str) -> int:
    if not (is_py_int(value) and 0 <= value <= _MAX_LENGTH):
        expected("a non-negative integer below 2**53", value, path)
    return value


def read_constraints(tree: Any, path: str, target: TypeExpr) -> Constraints:
    """Reads a `constraints` object that applies to `target` (see `constraint_target`)."""
    node = expect_object(tree, path)
    check_known_keys(node, CONSTRAINT_KEYS, path, msg.unknown_constraint)
    result: dict[str, Any] = {}
    for key in CONSTRAINT_KEYS:
        value = get(node, key)
        if value is MISSING:
            continue
        key_path = child_path(path, key)
        if key == "pattern":
            result[key] = expect_string(value, key_path)
        elif key in ("min_length", "max_length"):
            result[key] = _read_length(value, key_path)
        else:
            result[key] = _read_number(value, key_path)
        if target.type not in _APPLIES_TO[key]:
            fail(key_path, msg.constraint_not_applicable(key, target.type))
        if key in _BOUNDS:
            # Checking a multiple of 0 divides by zero (pydantic-core panics, Decimal raises).
            if key == "multiple_of" and result[key] == 0:
                fail(key_path, msg.multiple_of_zero())
            if target.type == "int" and not _is_int_bound(result[key]):
                fail(key_path, msg.int_constraint(key, result[key]))
    return Constraints(**result)
