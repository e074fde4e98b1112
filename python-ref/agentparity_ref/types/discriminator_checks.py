"""Discriminator checks (mirrors `src/types/discriminatorChecks.ts`)."""

from __future__ import annotations

from collections.abc import Mapping

from . import declaration_messages as msg
from .declaration import DictType, ItemsType, LiteralType, ModelDeclaration, RefType, TupleType, TypeExpr, UnionType
from .declaration_tree import child_path, fail, is_py_int
from .type_expr_key import flatten_union


def check_type_discriminators(expr: TypeExpr, models: Mapping[str, ModelDeclaration], path: str) -> None:
    """The discriminators of a type expression's unions, inner ones first (pydantic builds them first)."""
    if isinstance(expr, ItemsType):
        if expr.items is not None:
            check_type_discriminators(expr.items, models, child_path(path, "items"))
    elif isinstance(expr, DictType):
        for key in ("keys", "values"):
            inner = getattr(expr, key)
            if inner is not None:
                check_type_discriminators(inner, models, child_path(path, key))
    elif isinstance(expr, TupleType):
        for index, item in enumerate(expr.items):
            check_type_discriminators(item, models, child_path(child_path(path, "items"), index))
    elif isinstance(expr, UnionType):
        for index, member in enumerate(expr.members):
            check_type_discriminators(member, models, child_path(child_path(path, "members"), index))
        if expr.discriminator is not None:
            check_discriminator(expr, expr.discriminator, models, child_path(path, "discriminator"))


def _variants_of(type_: TypeExpr, key: str) -> list[TypeExpr]:
    # The members a discriminator meets, as pydantic's `apply_discriminator` walks them: unions are
    # spliced in, and so is a nested union with the same discriminator; None only makes it nullable.
    if not isinstance(type_, UnionType):
        return [type_]
    variants: list[TypeExpr] = []
    for member, _ in flatten_union(type_.members, "$"):
        if member.type == "none":
            continue
        if isinstance(member, UnionType) and member.discriminator == key:
            variants.extend(_variants_of(member, key))
        else:
            variants.append(member)
    return variants


def _core_type_of(member: TypeExpr) -> str:
    # The core schema type pydantic names when a member is not a model.
    return "tagged-union" if isinstance(member, UnionType) else member.type


def check_discriminator(type_: TypeExpr, key: str, models: Mapping[str, ModelDeclaration], path: str) -> None:
    """A discriminator on `type_`: each member a model whose `key` field is a literal of strings or
    ints, no value twice."""
    members = _variants_of(type_, key)
    if not members:
        fail(path, msg.discriminator_needs_union(key))
    first: tuple[str, str] | None = None
    tags: dict[str, str] = {}
    for member in members:
        if not isinstance(member, RefType) or member.type != "model":
            fail(path, msg.discriminator_variant(_core_type_of(member)))
        name = member.name
        tag_field = next((candidate for candidate in models[name].fields if candidate.name == key), None)
        if tag_field is None:
            fail(path, msg.discriminator_field_missing(name, key))
        if not isinstance(tag_field.type, LiteralType):
            fail(path, msg.discriminator_not_literal(name, key))
        prop = next((k for k in (tag_field.validation_alias, tag_field.alias) if k is not None), tag_field.name)
        if first is None:
            first = (name, prop)
        elif prop != first[1]:
            fail(path, msg.discriminator_alias(key, name, prop, first[0], first[1]))
        for value in tag_field.type.values:
            if not isinstance(value, str) and not is_py_int(value):
                fail(path, msg.discriminator_value_type(name, value))
            # pydantic maps each value by str(value), so 1 and "1" collide.
            tag = str(value)
            owner = tags.get(tag)
            if owner is not None:
                fail(path, msg.discriminator_value_clash(tag, owner, name))
            tags[tag] = name
