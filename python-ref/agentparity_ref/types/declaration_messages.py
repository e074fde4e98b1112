"""What a refused declaration says: word for word the table "Declaration errors" in
docs/internals.md, and what `src/types/declarationMessages.ts` says."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Any, NamedTuple

from ..errors import AgentparityError
from .declaration import DECLARATION_FORMAT


class DeclarationError(AgentparityError, ValueError):
    """A malformed declaration; `path` is the JSON path of the offending node."""

    def __init__(self, message: str, path: str | None = None, *, code: str) -> None:
        super().__init__(message, code=code)
        self.message = message
        self.path = path


class Refusal(NamedTuple):
    """What a refused declaration says, and the code of the failure."""

    code: str
    message: str


def quote(text: str) -> str:
    """A string as `json.dumps` quotes it."""
    return json.dumps(text)


def show(value: Any) -> str:
    """How a message names a value: scalars as `json.dumps` writes them, containers by kind."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return quote(value)
    if type(value) is int:
        return str(value)
    if type(value) is float:
        if math.isnan(value):
            return "NaN"
        if math.isinf(value):
            return "Infinity" if value > 0 else "-Infinity"
        return repr(value)
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return "an unsupported value"


def expected_message(what: str, value: Any) -> Refusal:
    return Refusal("DECLARATION_EXPECTED", f"expected {what}, got {show(value)}")


def missing_key(key: str) -> Refusal:
    return Refusal("DECLARATION_MISSING_KEY", f"missing required key {quote(key)}")


def unknown_key(key: str) -> Refusal:
    return Refusal("DECLARATION_UNKNOWN_KEY", f"unknown key {quote(key)}")


def not_one_of(choices: Sequence[str], value: str) -> Refusal:
    return Refusal("DECLARATION_NOT_ONE_OF", f"expected one of {', '.join(quote(choice) for choice in choices)}, got {quote(value)}")


def unsupported_format(value: str) -> Refusal:
    return Refusal("DECLARATION_UNSUPPORTED_FORMAT", f"unsupported format {quote(value)}, expected {quote(DECLARATION_FORMAT)}")


def not_python_name(name: str) -> Refusal:
    return Refusal("DECLARATION_NOT_PYTHON_NAME", f"{quote(name)} is not a valid Python name")


def private_field(name: str) -> Refusal:
    return Refusal("DECLARATION_PRIVATE_FIELD", f"field name {quote(name)} starts with an underscore, which pydantic treats as private")


def shadows_base_model(name: str) -> Refusal:
    return Refusal("DECLARATION_SHADOWS_BASE_MODEL", f"field name {quote(name)} shadows a pydantic BaseModel attribute")


def member_underscore(name: str) -> Refusal:
    return Refusal("DECLARATION_MEMBER_UNDERSCORE", f"enum member name {quote(name)} starts with an underscore")


def member_reserved(name: str) -> Refusal:
    return Refusal("DECLARATION_MEMBER_RESERVED", f"enum member name {quote(name)} is reserved by Enum")


def duplicate_enum(name: str) -> Refusal:
    return Refusal("DECLARATION_DUPLICATE_ENUM", f"duplicate enum name {quote(name)}")


def duplicate_model(name: str) -> Refusal:
    return Refusal("DECLARATION_DUPLICATE_MODEL", f"duplicate model name {quote(name)}")


def enum_and_model(name: str) -> Refusal:
    return Refusal("DECLARATION_ENUM_AND_MODEL", f"{quote(name)} is declared both as an enum and as a model")


def defs_key_clash(name: str, other: str, key: str) -> Refusal:
    return Refusal("DECLARATION_DEFS_KEY_CLASH", f"{quote(name)} and {quote(other)} share the $defs key {quote(key)}")


def duplicate_field(name: str) -> Refusal:
    return Refusal("DECLARATION_DUPLICATE_FIELD", f"duplicate field name {quote(name)}")


def duplicate_property_key(key: str, mode: str) -> Refusal:
    return Refusal("DECLARATION_DUPLICATE_PROPERTY_KEY", f"duplicate property key {quote(key)} in {mode} mode")


def duplicate_member_name(name: str) -> Refusal:
    return Refusal("DECLARATION_DUPLICATE_MEMBER_NAME", f"duplicate enum member name {quote(name)}")


def duplicate_member_value(value: Any) -> Refusal:
    return Refusal("DECLARATION_DUPLICATE_MEMBER_VALUE", f"duplicate enum member value {show(value)}")


def empty_enum() -> Refusal:
    return Refusal("DECLARATION_EMPTY_ENUM", "an enum needs at least one member")


def enum_base(base: str, what: str, value: Any) -> Refusal:
    return Refusal("DECLARATION_ENUM_BASE", f"an enum with base {quote(base)} needs {what} values, got {show(value)}")


def unknown_enum(name: str) -> Refusal:
    return Refusal("DECLARATION_UNKNOWN_ENUM", f"enum {quote(name)} is not declared")


def unknown_model(name: str) -> Refusal:
    return Refusal("DECLARATION_UNKNOWN_MODEL", f"model {quote(name)} is not declared")


def unknown_type(name: str) -> Refusal:
    return Refusal("DECLARATION_UNKNOWN_TYPE", f"unknown type {quote(name)}")


def empty_union() -> Refusal:
    return Refusal("DECLARATION_EMPTY_UNION", "a union needs at least one member")


def duplicate_union_member() -> Refusal:
    return Refusal("DECLARATION_DUPLICATE_UNION_MEMBER", "duplicate union member")


def empty_literal() -> Refusal:
    return Refusal("DECLARATION_EMPTY_LITERAL", "a literal needs at least one value")


def duplicate_literal(value: Any) -> Refusal:
    return Refusal("DECLARATION_DUPLICATE_LITERAL", f"duplicate literal value {show(value)}")


def variadic_items() -> Refusal:
    return Refusal("DECLARATION_VARIADIC_ITEMS", "a variadic tuple needs exactly one item type")


def non_finite(value: Any) -> Refusal:
    return Refusal("DECLARATION_NON_FINITE", f"expected a finite number, got {show(value)}")


def required_with_default(key: str) -> Refusal:
    return Refusal("DECLARATION_REQUIRED_WITH_DEFAULT", f"a required field cannot have a {key}")


def optional_without_default() -> Refusal:
    return Refusal("DECLARATION_OPTIONAL_WITHOUT_DEFAULT", "a field that is not required needs a default or a default_factory")


def default_and_factory() -> Refusal:
    return Refusal("DECLARATION_DEFAULT_AND_FACTORY", "a field cannot have both a default and a default_factory")


def unknown_default_kind(kind: str) -> Refusal:
    return Refusal("DECLARATION_UNKNOWN_DEFAULT_KIND", f"unknown default kind {quote(kind)}")


def key_needs_kind(key: str) -> Refusal:
    return Refusal("DECLARATION_KEY_NEEDS_KIND", f"key {quote(key)} is only allowed with kind {quote(key)}")


def default_mismatch(kind: str, what: str, value: Any) -> Refusal:
    return Refusal("DECLARATION_DEFAULT_MISMATCH", f"a default of kind {quote(kind)} needs {what}, got {show(value)}")


def no_enum_member(name: str, value: Any) -> Refusal:
    return Refusal("DECLARATION_NO_ENUM_MEMBER", f"enum {quote(name)} has no member with value {show(value)}")


def duplicate_set_element(value: Any) -> Refusal:
    return Refusal("DECLARATION_DUPLICATE_SET_ELEMENT", f"duplicate set element {show(value)}")


def unsortable_set() -> Refusal:
    return Refusal("DECLARATION_UNSORTABLE_SET", "a set default of mixed types has no stable order (pydantic cannot sort it)")


def factory_one_of() -> Refusal:
    return Refusal("DECLARATION_FACTORY_ONE_OF", 'a default_factory needs exactly one of "builtin" or "returns"')


def unknown_constraint(key: str) -> Refusal:
    return Refusal("DECLARATION_UNKNOWN_CONSTRAINT", f"unknown constraint {quote(key)}")


def constraint_not_applicable(key: str, type_name: str) -> Refusal:
    return Refusal("DECLARATION_CONSTRAINT_NOT_APPLICABLE", f"constraint {quote(key)} does not apply to type {quote(type_name)}")


def multiple_of_zero() -> Refusal:
    return Refusal("DECLARATION_MULTIPLE_OF_ZERO", 'constraint "multiple_of" must not be 0')


def int_constraint(key: str, value: Any) -> Refusal:
    return Refusal("DECLARATION_INT_CONSTRAINT", (
        f'constraint {quote(key)} on type "int" needs an integer (a float only whole and within 64 bits), got {show(value)}')
    )


def discriminator_needs_union(key: str) -> Refusal:
    return Refusal("DECLARATION_DISCRIMINATOR_NEEDS_UNION", f"discriminator {quote(key)} needs a union of models")


def discriminator_twice() -> Refusal:
    return Refusal("DECLARATION_DISCRIMINATOR_TWICE", "a discriminator on both the field and its union type")


# pydantic's own words after a list member of a discriminated union.
_LIST_HINT = (
    " If you are making use of a list of union types, make sure the discriminator is applied to the union type and not the list"
    " (e.g. `list[Annotated[<T> | <U>, Field(discriminator=...)]]`)."
)


def discriminator_variant(core_type: str) -> Refusal:
    hint = _LIST_HINT if core_type == "list" else ""
    return Refusal("DECLARATION_DISCRIMINATOR_VARIANT", f"The core schema type '{core_type}' is not a valid discriminated union variant.{hint}")


def discriminator_field_missing(model: str, key: str) -> Refusal:
    return Refusal("DECLARATION_DISCRIMINATOR_FIELD_MISSING", f"Model {model!r} needs a discriminator field for key {key!r}")


def discriminator_not_literal(model: str, key: str) -> Refusal:
    return Refusal("DECLARATION_DISCRIMINATOR_NOT_LITERAL", f"Model {model!r} needs field {key!r} to be of type `Literal`")


def discriminator_value_type(model: str, value: Any) -> Refusal:
    return Refusal("DECLARATION_DISCRIMINATOR_VALUE_TYPE", f"discriminator value {show(value)} of model {quote(model)} is not a string or an integer")


def discriminator_value_clash(tag: str, first: str, second: str) -> Refusal:
    return Refusal("DECLARATION_DISCRIMINATOR_VALUE_CLASH", f"discriminator value {quote(tag)} is used by both {quote(first)} and {quote(second)}")


def discriminator_alias(key: str, model: str, prop: str, first: str, first_prop: str) -> Refusal:
    return Refusal("DECLARATION_DISCRIMINATOR_ALIAS", (
        f"discriminator field {quote(key)} has property key {quote(prop)} in {quote(model)}"
        f" but {quote(first_prop)} in {quote(first)}")
    )


def default_cycle(names: Sequence[str]) -> Refusal:
    return Refusal("DECLARATION_DEFAULT_CYCLE", f"model default cycle: {' -> '.join(names)}")


def default_needs_itself(labels: Sequence[str]) -> Refusal:
    return Refusal("DECLARATION_DEFAULT_NEEDS_ITSELF", f"a model-instance default that needs itself to be made: {' -> '.join(labels)}")


def unread_default_value(type_name: str) -> Refusal:
    return Refusal("DECLARATION_UNREAD_DEFAULT_VALUE", f'a model-instance default gives a value to a type that holds "{type_name}", which only the Python reference reads')


def refused_default(model: str, message: str, where: str) -> Refusal:
    return Refusal("DECLARATION_REFUSED_DEFAULT", f"model {quote(model)} refuses the default: {message}" + (f" at {where}" if where else ""))


def overflowing_default(model: str, message: str) -> Refusal:
    return Refusal("DECLARATION_OVERFLOWING_DEFAULT", f"model {quote(model)} cannot make the default: OverflowError: {message}")


def takes_unstable_set(label: str) -> Refusal:
    return Refusal("DECLARATION_TAKES_UNSTABLE_SET", f"the instance takes the set default of {quote(label)}, whose strings Python prints in hash order, which changes from run to run")


def holds_unstable_set() -> Refusal:
    return Refusal("DECLARATION_HOLDS_UNSTABLE_SET", "a set inside a model-instance default is printed in Python's hash order, which changes from run to run")
