"""The neutral declaration format (`pydantic-neutral-declaration/1`) as dataclasses.

Mirrors `src/types/declaration.ts`. Structural parts are dataclasses and tuples; value positions
(`DefaultValue.value`, `examples`, `json_schema_extra`, literal values, enum member values) keep
the JSON values as read. An optional attribute that is `None` was absent from the declaration.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Union
from ..errors import NotFoundError

DECLARATION_FORMAT = "pydantic-neutral-declaration/1"

SchemaMode = Literal["validation", "serialization"]
Number = Union[int, float]


@dataclass(frozen=True)
class Constraints:
    gt: Number | None = None
    ge: Number | None = None
    lt: Number | None = None
    le: Number | None = None
    multiple_of: Number | None = None
    min_length: int | None = None
    max_length: int | None = None
    pattern: str | None = None


@dataclass(frozen=True)
class ScalarType:
    """str, int, float, bool, bytes, none, any, datetime, date, time, timedelta, uuid, decimal, callable."""

    type: str
    constraints: Constraints | None = None


@dataclass(frozen=True)
class UrlType:
    variant: Literal["any", "http"]
    constraints: Constraints | None = None
    type: str = "url"


@dataclass(frozen=True)
class ItemsType:
    """list, set or frozenset; `items` None is the bare container."""

    type: str
    items: TypeExpr | None = None
    constraints: Constraints | None = None


@dataclass(frozen=True)
class DictType:
    keys: TypeExpr | None = None
    values: TypeExpr | None = None
    constraints: Constraints | None = None
    type: str = "dict"


@dataclass(frozen=True)
class TupleType:
    items: tuple[TypeExpr, ...]
    variadic: bool | None = None
    constraints: Constraints | None = None
    type: str = "tuple"


@dataclass(frozen=True)
class UnionType:
    members: tuple[TypeExpr, ...]
    constraints: Constraints | None = None
    type: str = "union"
    discriminator: str | None = None
    """`Annotated[Union[...], Field(discriminator=...)]`: a tagged union on that field of its models."""


@dataclass(frozen=True)
class LiteralType:
    values: tuple[Any, ...]
    constraints: Constraints | None = None
    type: str = "literal"


@dataclass(frozen=True)
class RefType:
    """A reference to a declared enum (`type == "enum"`) or model (`type == "model"`)."""

    type: str
    name: str
    constraints: Constraints | None = None


TypeExpr = Union[ScalarType, UrlType, ItemsType, DictType, TupleType, UnionType, LiteralType, RefType]


@dataclass(frozen=True)
class DefaultValue:
    value: Any
    kind: str
    enum: str | None = None
    model: str | None = None


@dataclass(frozen=True)
class DefaultFactory:
    """Exactly one of `builtin` ("list", "dict" or "set") and `returns`."""

    builtin: str | None = None
    returns: DefaultValue | None = None


@dataclass(frozen=True)
class FieldDeclaration:
    name: str
    type: TypeExpr
    required: bool
    default: DefaultValue | None = None
    default_factory: DefaultFactory | None = None
    alias: str | None = None
    validation_alias: str | None = None
    serialization_alias: str | None = None
    title: str | None = None
    description: str | None = None
    examples: list[Any] | None = None
    json_schema_extra: dict[str, Any] | None = None
    deprecated: bool | None = None
    discriminator: str | None = None
    constraints: Constraints | None = None


@dataclass(frozen=True)
class ComputedFieldDeclaration:
    name: str
    return_type: TypeExpr
    description: str | None = None
    title: str | None = None


@dataclass(frozen=True)
class ModelConfig:
    title: str | None = None
    extra: Literal["allow", "ignore", "forbid"] | None = None
    json_schema_extra: dict[str, Any] | None = None
    json_schema_serialization_defaults_required: bool | None = None


@dataclass(frozen=True)
class ModelDeclaration:
    name: str
    fields: tuple[FieldDeclaration, ...]
    doc: str | None = None
    config: ModelConfig | None = None
    computed_fields: tuple[ComputedFieldDeclaration, ...] | None = None


@dataclass(frozen=True)
class EnumMember:
    name: str
    value: Any


@dataclass(frozen=True)
class EnumDeclaration:
    name: str
    members: tuple[EnumMember, ...]
    doc: str | None = None
    base: Literal["str", "int"] | None = None


@dataclass(frozen=True)
class Declaration:
    format: str = DECLARATION_FORMAT
    root: str | None = None
    mode: SchemaMode | None = None
    enums: tuple[EnumDeclaration, ...] | None = None
    models: tuple[ModelDeclaration, ...] | None = None

    def model(self, name: str) -> ModelDeclaration:
        """The declared model of that name (KeyError when there is none)."""
        for model in self.models or ():
            if model.name == name:
                return model
        raise NotFoundError(name, code="DECLARED_MODEL_MISSING")
