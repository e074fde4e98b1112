"""Reading type expressions (mirrors `src/types/readTypeExpr.ts`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from . import declaration_messages as msg
from .declaration import Declaration, DictType, ItemsType, LiteralType, RefType, ScalarType, TupleType, TypeExpr, UnionType, UrlType
from .declaration_tree import MISSING, check_known_keys, child_path, expect_array, expect_boolean, expect_object, expect_one_of, expect_string, fail, get, require_key
from .discriminator_checks import check_type_discriminators
from .read_constraints import constraint_target, read_constraints
from .read_scalar import read_unique_scalars
from .scalar_keys import typed_key
from .type_expr_key import flatten_union, type_expr_key


@dataclass(frozen=True)
class TypeNames:
    """The names a type expression may refer to."""

    enums: frozenset[str]
    models: frozenset[str]


SCALAR_TYPES = (
    "str", "int", "float", "bool", "bytes", "none", "any", "datetime", "date", "time",
    "timedelta", "uuid", "decimal", "callable",
)

_TYPE_KEYS: dict[str, tuple[str, ...]] = {
    **{name: () for name in SCALAR_TYPES},
    "url": ("variant",),
    "list": ("items",),
    "set": ("items",),
    "frozenset": ("items",),
    "dict": ("keys", "values"),
    "tuple": ("items", "variadic"),
    "union": ("members", "discriminator"),
    "literal": ("values",),
    "enum": ("name",),
    "model": ("name",),
}
"""The keys each type takes besides `type` and `constraints`, in the order they are checked."""


def _optional_type(node: dict[str, Any], key: str, path: str, names: TypeNames) -> TypeExpr | None:
    value = get(node, key)
    return None if value is MISSING else read_type_expr(value, child_path(path, key), names)


def _read_type_list(node: dict[str, Any], key: str, path: str, names: TypeNames) -> tuple[TypeExpr, ...]:
    list_path = child_path(path, key)
    items = expect_array(require_key(node, key, path), list_path)
    return tuple(read_type_expr(item, child_path(list_path, index), names) for index, item in enumerate(items))


def _read_union(node: dict[str, Any], path: str, names: TypeNames) -> TypeExpr:
    members = _read_type_list(node, "members", path, names)
    members_path = child_path(path, "members")
    if not members:
        fail(members_path, msg.empty_union())
    seen: set[str] = set()
    for member, member_path in flatten_union(members, members_path):
        key = type_expr_key(member)
        if key in seen:
            fail(member_path, msg.duplicate_union_member())
        seen.add(key)
    discriminator = get(node, "discriminator")
    if discriminator is MISSING:
        return UnionType(members)
    return UnionType(members, discriminator=expect_string(discriminator, child_path(path, "discriminator")))


def _read_literal(node: dict[str, Any], path: str) -> TypeExpr:
    values_path = child_path(path, "values")
    values = expect_array(require_key(node, "values", path), values_path)
    if not values:
        fail(values_path, msg.empty_literal())
    read_unique_scalars(values, values_path, typed_key, msg.duplicate_literal)
    return LiteralType(tuple(values))


def _read_reference(node: dict[str, Any], kind: str, path: str, names: TypeNames) -> TypeExpr:
    name_path = child_path(path, "name")
    name = expect_string(require_key(node, "name", path), name_path)
    if kind == "enum" and name not in names.enums:
        fail(name_path, msg.unknown_enum(name))
    if kind == "model" and name not in names.models:
        fail(name_path, msg.unknown_model(name))
    return RefType(kind, name)


def _read_shape(node: dict[str, Any], type_name: str, path: str, names: TypeNames) -> TypeExpr:
    if type_name == "url":
        return UrlType(expect_one_of(require_key(node, "variant", path), ("any", "http"), child_path(path, "variant")))
    if type_name in ("list", "set", "frozenset"):
        return ItemsType(type_name, _optional_type(node, "items", path, names))
    if type_name == "dict":
        keys = _optional_type(node, "keys", path, names)
        return DictType(keys, _optional_type(node, "values", path, names))
    if type_name == "tuple":
        items = _read_type_list(node, "items", path, names)
        variadic_node = get(node, "variadic")
        variadic = None if variadic_node is MISSING else expect_boolean(variadic_node, child_path(path, "variadic"))
        if variadic is True and len(items) != 1:
            fail(child_path(path, "items"), msg.variadic_items())
        return TupleType(items, variadic)
    if type_name == "union":
        return _read_union(node, path, names)
    if type_name == "literal":
        return _read_literal(node, path)
    if type_name in ("enum", "model"):
        return _read_reference(node, type_name, path, names)
    return ScalarType(type_name)


def read_type_expr(tree: Any, path: str, names: TypeNames) -> TypeExpr:
    """Reads one type expression: `type` first, then unknown keys, then the keys of that type in
    order, then `constraints` (which must apply to the type)."""
    node = expect_object(tree, path)
    type_path = child_path(path, "type")
    type_name = expect_string(require_key(node, "type", path), type_path)
    keys = _TYPE_KEYS.get(type_name)
    if keys is None:
        fail(type_path, msg.unknown_type(type_name))
    check_known_keys(node, ("type", *keys, "constraints"), path)
    shape = _read_shape(node, type_name, path, names)
    constraints_node = get(node, "constraints")
    if constraints_node is MISSING:
        return shape
    constraints = read_constraints(constraints_node, child_path(path, "constraints"), constraint_target(shape))
    return replace(shape, constraints=constraints)


def read_type_expr_in(declaration: Declaration, tree: Any, path: str) -> TypeExpr:
    """Reads a type expression that refers to the enums and models of `declaration`, its
    discriminators checked."""
    models = {model.name: model for model in declaration.models or ()}
    names = TypeNames(enums=frozenset(declared.name for declared in declaration.enums or ()), models=frozenset(models))
    expr = read_type_expr(tree, path, names)
    check_type_discriminators(expr, models, path)
    return expr
