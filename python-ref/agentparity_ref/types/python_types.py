"""Type expressions and defaults as Python types and values, for `create_model`."""

from __future__ import annotations

import copy
import datetime
import decimal
import enum
import typing
import uuid
from collections.abc import Callable, Mapping
from typing import Annotated, Any

from pydantic import AnyUrl, Field, HttpUrl

from .declaration import (
    Constraints,
    DefaultValue,
    DictType,
    EnumDeclaration,
    ItemsType,
    LiteralType,
    RefType,
    TupleType,
    TypeExpr,
    UnionType,
    UrlType,
)
from .default_forms import duration_micros
from .scalar_keys import typed_key
from .type_expr_key import flatten_union
from .typing_forms import literal_of, union_of
from ..errors import NotFoundError

_SCALARS: dict[str, Any] = {
    "str": str,
    "int": int,
    "float": float,
    "bool": bool,
    "bytes": bytes,
    "none": None,
    "any": Any,
    "datetime": datetime.datetime,
    "date": datetime.date,
    "time": datetime.time,
    "timedelta": datetime.timedelta,
    "uuid": uuid.UUID,
    "decimal": decimal.Decimal,
    "callable": typing.Callable[..., Any],
}

_CONTAINERS: dict[str, Any] = {"list": list, "set": set, "frozenset": frozenset}


def constraint_kwargs(constraints: Constraints | None) -> dict[str, Any]:
    """The `Field(...)` keyword arguments of a `constraints` object."""
    if constraints is None:
        return {}
    names = ("gt", "ge", "lt", "le", "multiple_of", "min_length", "max_length", "pattern")
    return {name: getattr(constraints, name) for name in names if getattr(constraints, name) is not None}


def python_type(expr: TypeExpr, enums: Mapping[str, type[enum.Enum]], model: Callable[[str], Any]) -> Any:
    """The Python type a type expression stands for; `model(name)` gives what a model reference
    becomes (a `ForwardRef` while the models are being built, the class afterwards)."""
    built = _bare_type(expr, enums, model)
    kwargs = constraint_kwargs(expr.constraints)
    if isinstance(expr, UnionType) and expr.discriminator is not None:
        kwargs["discriminator"] = expr.discriminator
    return Annotated[built, Field(**kwargs)] if kwargs else built


def _bare_type(expr: TypeExpr, enums: Mapping[str, type[enum.Enum]], model: Callable[[str], Any]) -> Any:
    def of(inner: TypeExpr) -> Any:
        return python_type(inner, enums, model)

    if isinstance(expr, UrlType):
        return HttpUrl if expr.variant == "http" else AnyUrl
    if isinstance(expr, ItemsType):
        container = _CONTAINERS[expr.type]
        return container if expr.items is None else container[of(expr.items)]
    if isinstance(expr, DictType):
        if expr.keys is None and expr.values is None:
            return dict
        return dict[of(expr.keys) if expr.keys else Any, of(expr.values) if expr.values else Any]  # type: ignore[misc]
    if isinstance(expr, TupleType):
        if expr.variadic:
            return tuple[of(expr.items[0]), ...]  # type: ignore[misc]
        return tuple[tuple(of(item) for item in expr.items)] if expr.items else tuple[()]
    if isinstance(expr, UnionType):
        return union_of([of(member) for member, _ in flatten_union(expr.members, "$")])
    if isinstance(expr, LiteralType):
        return literal_of(expr.values)
    if isinstance(expr, RefType):
        return enums[expr.name] if expr.type == "enum" else model(expr.name)
    return _SCALARS[expr.type]


def enum_member(declared: type[enum.Enum], value: Any) -> enum.Enum:
    """The member whose value is the same value of the same type (`True` is not `1`)."""
    for member in declared:
        if typed_key(member.value) == typed_key(value):
            return member
    raise NotFoundError(value, code="ENUM_MEMBER_MISSING")


def build_enum(declaration: EnumDeclaration, module: str) -> type[enum.Enum]:
    """An Enum by the functional API (`str`/`int` mixed in per `base`), its docstring set after."""
    mixin = {"str": str, "int": int}.get(declaration.base or "")
    members = [(member.name, member.value) for member in declaration.members]
    built = enum.Enum(declaration.name, members, module=module, qualname=declaration.name, type=mixin)  # type: ignore[misc]
    built.__doc__ = declaration.doc
    return built


def python_default(default: DefaultValue, enums: Mapping[str, type[enum.Enum]], models: Mapping[str, Any]) -> Any:
    """The Python value of a default, converted by its kind. A model default is validated by
    that model (`model_validate`), so its keys are the model's validation keys."""
    kind, value = default.kind, default.value
    if kind == "float":
        return float(value)
    if kind == "tuple":
        return tuple(copy.deepcopy(value))
    if kind == "set":
        return set(value)
    if kind == "frozenset":
        return frozenset(value)
    if kind == "bytes":
        return value.encode("utf-8")
    if kind == "datetime":
        return datetime.datetime.fromisoformat(value)
    if kind == "date":
        return datetime.date.fromisoformat(value)
    if kind == "time":
        return datetime.time.fromisoformat(value)
    if kind == "timedelta":
        return datetime.timedelta(microseconds=duration_micros(value) or 0)
    if kind == "uuid":
        return uuid.UUID(value)
    if kind == "decimal":
        return decimal.Decimal(value)
    if kind == "enum":
        assert default.enum is not None
        return enum_member(enums[default.enum], value)
    if kind == "model":
        assert default.model is not None
        return models[default.model].model_validate(value)
    return copy.deepcopy(value)
