"""What making a model-instance default takes (mirrors `src/types/defaultNeeds.ts`).

A model-instance default is made by its model: `Model.model_validate(value)`. Validating the value
copies the defaults of the fields it leaves out, calls their factories, and reads the values it
gives through their types. Walking the value along the declared types finds, in walk order:
- the other instance-making defaults it takes (a model-instance default, or a factory returning
  one), which must be made first, so that the order of making is the same in every language and
  a default that needs itself is found;
- the sets it holds (a set default taken, a set it gives), whose order Python prints as it
  iterates them;
- the values it gives where a type only the Python reference reads may take them (URLs,
  callables).
A union is walked along every member, as pydantic tries every member.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .declaration import (
    Declaration,
    DefaultValue,
    DictType,
    FieldDeclaration,
    ItemsType,
    LiteralType,
    ModelDeclaration,
    RefType,
    ScalarType,
    TupleType,
    TypeExpr,
    UnionType,
)
from .declaration_tree import child_path
from .read_model import property_key
from .type_expr_key import flatten_union

# Values of these types hash the same in every Python process, so a set of them iterates alike.
_STABLY_HASHED = frozenset({"int", "float", "bool", "decimal", "uuid"})
# Types a model-instance default may not give a value to (docs/internals.md, "Declaration errors"):
# those the TypeScript validator does not read; a rule of the declaration format, mirroring
# `UNREAD_TYPES` in src/types/defaultNeeds.ts.
UNREAD_TYPES = frozenset({"url", "callable"})


@dataclass(frozen=True, eq=False)
class DefaultSite:
    """A field default that makes a model instance: a model-instance `default`, or a
    `default_factory` that returns one. Each is one object per walk, compared by identity."""

    model_index: int
    field_index: int
    factory: bool
    model: str
    field: str
    made: DefaultValue

    @property
    def path(self) -> str:
        key = "default_factory" if self.factory else "default"
        return f"$.models[{self.model_index}].fields[{self.field_index}].{key}"

    @property
    def value_path(self) -> str:
        return f"{self.path}.returns.value" if self.factory else f"{self.path}.value"

    @property
    def label(self) -> str:
        return f"{self.model}.{self.field}"


@dataclass(frozen=True)
class Takes:
    """The walk takes another instance-making default (a missing field's)."""

    site: DefaultSite


@dataclass(frozen=True)
class TakesSet:
    """The walk takes a set default (or calls a factory returning a set) whose order is unstable."""

    model: str
    field: str


@dataclass(frozen=True)
class HoldsSet:
    """The value gives a set, at `path`, whose order is unstable."""

    path: str


@dataclass(frozen=True)
class GivesUnread:
    """The value gives, at `path`, a value for a type that holds `type`, which only the Python
    reference reads."""

    path: str
    type: str


Event = Takes | TakesSet | HoldsSet | GivesUnread


def first_unread_type(expr: TypeExpr) -> str | None:
    """The first type only the Python reference reads that the expression holds (through
    containers and unions, not through models), depth first."""
    if expr.type in UNREAD_TYPES:
        return expr.type
    inner: list[TypeExpr | None] = []
    if isinstance(expr, ItemsType):
        inner = [expr.items]
    elif isinstance(expr, DictType):
        inner = [expr.keys, expr.values]
    elif isinstance(expr, (TupleType, UnionType)):
        inner = list(expr.items if isinstance(expr, TupleType) else expr.members)
    for item in inner:
        found = None if item is None else first_unread_type(item)
        if found is not None:
            return found
    return None


def _instance_made(field: FieldDeclaration) -> tuple[DefaultValue, bool] | None:
    if field.default is not None and field.default.kind == "model":
        return field.default, False
    factory = field.default_factory
    if factory is not None and factory.returns is not None and factory.returns.kind == "model":
        return factory.returns, True
    return None


def _set_default(field: FieldDeclaration) -> DefaultValue | None:
    if field.default is not None:
        return field.default if field.default.kind in ("set", "frozenset") else None
    returns = field.default_factory.returns if field.default_factory is not None else None
    return returns if returns is not None and returns.kind in ("set", "frozenset") else None


def unstable_set_default(default: DefaultValue) -> bool:
    """A set default of two or more strings: Python iterates strings in hash order, which changes
    with `PYTHONHASHSEED`. (Mixed types are refused when read; numbers iterate alike everywhere.)"""
    return len(default.value) > 1 and any(isinstance(element, str) for element in default.value)


def _stably_hashed(items: TypeExpr | None, values: list[Any]) -> bool:
    if items is None:
        return all(type(value) in (int, float, bool) for value in values)
    if isinstance(items, ScalarType):
        return items.type in _STABLY_HASHED
    if isinstance(items, LiteralType):
        return all(type(value) in (int, float, bool) for value in items.values)
    if isinstance(items, UnionType):
        return all(_stably_hashed(member, values) for member, _ in flatten_union(items.members, "$") if member.type != "none")
    return False


class DefaultWalk:
    """The instance-making defaults of a declaration, and what making each takes."""

    def __init__(self, declaration: Declaration) -> None:
        self._models = {model.name: model for model in declaration.models or ()}
        self._sites: dict[tuple[str, str], DefaultSite] = {}
        for model_index, model in enumerate(declaration.models or ()):
            for field_index, field in enumerate(model.fields):
                made = _instance_made(field)
                if made is not None:
                    site = DefaultSite(model_index, field_index, made[1], model.name, field.name, made[0])
                    self._sites[(model.name, field.name)] = site

    @property
    def sites(self) -> list[DefaultSite]:
        """Every instance-making default, models in order, fields in order."""
        return list(self._sites.values())

    def events(self, site: DefaultSite) -> list[Event]:
        """What making the default takes and holds, in walk order."""
        assert site.made.model is not None
        return list(self._model(self._models[site.made.model], site.made.value, site.value_path))

    def making_order(self) -> list[DefaultSite]:
        """The instance-making defaults, each after those it takes (depth first from each in
        declaration order; the reader refuses cycles)."""
        order: list[DefaultSite] = []
        seen: set[DefaultSite] = set()

        def visit(site: DefaultSite) -> None:
            seen.add(site)
            for event in self.events(site):
                if isinstance(event, Takes) and event.site not in seen:
                    visit(event.site)
            order.append(site)

        for site in self.sites:
            if site not in seen:
                visit(site)
        return order

    def _model(self, model: ModelDeclaration, value: Any, path: str) -> Iterator[Event]:
        if not isinstance(value, dict):
            return
        for field in model.fields:
            key = property_key(field, "validation")
            if key in value:
                yield from self._value(field.type, value[key], child_path(path, key))
                continue
            site = self._sites.get((model.name, field.name))
            if site is not None:
                yield Takes(site)
            taken_set = _set_default(field)
            if taken_set is not None and unstable_set_default(taken_set):
                yield TakesSet(model.name, field.name)

    def _value(self, expr: TypeExpr, value: Any, path: str) -> Iterator[Event]:
        unread = first_unread_type(expr)
        if unread is not None:
            yield GivesUnread(path, unread)
        elif isinstance(expr, RefType) and expr.type == "model":
            yield from self._model(self._models[expr.name], value, path)
        elif isinstance(expr, ItemsType) and isinstance(value, list):
            if expr.type != "list" and len(value) > 1 and not _stably_hashed(expr.items, value):
                yield HoldsSet(path)
            if expr.items is not None:
                for index, item in enumerate(value):
                    yield from self._value(expr.items, item, child_path(path, index))
        elif isinstance(expr, TupleType) and isinstance(value, list):
            for index, item in enumerate(value):
                item_type = expr.items[0] if expr.variadic else (expr.items[index] if index < len(expr.items) else None)
                if item_type is not None:
                    yield from self._value(item_type, item, child_path(path, index))
        elif isinstance(expr, DictType) and isinstance(value, dict) and expr.values is not None:
            for key, item in value.items():
                yield from self._value(expr.values, item, child_path(path, key))
        elif isinstance(expr, UnionType):
            for member, _ in flatten_union(expr.members, "$"):
                yield from self._value(member, value, path)
