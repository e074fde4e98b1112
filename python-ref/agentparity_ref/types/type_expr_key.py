"""Which type expressions build equal Python types (mirrors `src/types/typeExprKey.ts`)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from .declaration import Constraints, DictType, ItemsType, LiteralType, RefType, ScalarType, TupleType, TypeExpr, UnionType, UrlType
from .declaration_tree import child_path, is_json_scalar
from .scalar_keys import typed_key

_ANY = ScalarType("any")
_CONSTRAINT_ORDER = ("ge", "gt", "le", "lt", "multiple_of", "min_length", "max_length", "pattern")


def is_annotated(expr: TypeExpr) -> bool:
    """Whether a node is `Annotated[T, Field(...)]` in Python: it has constraints, or it is a union
    with a discriminator."""
    return expr.constraints is not None or (isinstance(expr, UnionType) and expr.discriminator is not None)


def is_spliced_union(expr: TypeExpr) -> bool:
    """A union `typing.Union` splices into a union around it: one that is not `Annotated`."""
    return isinstance(expr, UnionType) and not is_annotated(expr)


def flatten_union(members: Sequence[TypeExpr], members_path: str) -> list[tuple[TypeExpr, str]]:
    """A union's members as `typing.Union` sees them: a member that is itself a union without
    constraints or discriminator is spliced in. Each member comes with its JSON path."""
    flat: list[tuple[TypeExpr, str]] = []
    for index, member in enumerate(members):
        path = child_path(members_path, index)
        if is_spliced_union(member):
            assert isinstance(member, UnionType)
            flat.extend(flatten_union(member.members, child_path(path, "members")))
        else:
            flat.append((member, path))
    return flat


def _constraints_key(constraints: Constraints | None) -> str:
    if constraints is None:
        return ""
    parts = []
    for key in _CONSTRAINT_ORDER:
        value = getattr(constraints, key)
        if value is not None:
            parts.append(f"{key}={value!r}" if isinstance(value, str) else f"{key}={typed_key(value)}")
    return "|" + ",".join(parts)


def type_expr_key(expr: TypeExpr) -> str:
    """Equal for type expressions that build equal Python types, so that a union can refuse a
    member Python would silently drop as a duplicate. `dict[K]` means `dict[K, Any]`, a
    one-member union is its member, and union members and literal values form sets."""
    own = _constraints_key(expr.constraints)
    if isinstance(expr, UrlType):
        return f"url:{expr.variant}{own}"
    if isinstance(expr, ItemsType):
        return f"{expr.type}[{'' if expr.items is None else type_expr_key(expr.items)}]{own}"
    if isinstance(expr, DictType):
        if expr.keys is None and expr.values is None:
            return f"dict{own}"
        return f"dict[{type_expr_key(expr.keys or _ANY)},{type_expr_key(expr.values or _ANY)}]{own}"
    if isinstance(expr, TupleType):
        items = ",".join(type_expr_key(item) for item in expr.items)
        return f"tuple({items}{',...' if expr.variadic else ''}){own}"
    if isinstance(expr, UnionType):
        flat = sorted({type_expr_key(member) for member, _ in flatten_union(expr.members, "$")})
        tagged = "" if expr.discriminator is None else f"|discriminator={json.dumps(expr.discriminator)}"
        return f"{flat[0]}{own}{tagged}" if len(flat) == 1 else f"union({','.join(flat)}){own}{tagged}"
    if isinstance(expr, LiteralType):
        values = sorted({typed_key(value) for value in expr.values if is_json_scalar(value)})
        return f"literal{{{','.join(values)}}}{own}"
    if isinstance(expr, RefType):
        return f"{expr.type}:{expr.name}{own}"
    return f"{expr.type}{own}"
