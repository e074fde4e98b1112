"""What a refused declaration says: word for word the table "Declaration errors" in
docs/internals.md, and what `src/types/declarationMessages.ts` says."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Any

from ..errors import AgentparityError
from .declaration import DECLARATION_FORMAT


class DeclarationError(AgentparityError, ValueError):
    """A malformed declaration; `path` is the JSON path of the offending node."""

    def __init__(self, message: str, path: str | None = None, *, code: str | None = None) -> None:
        super().__init__(message, code=code)
        self.message = message
        self.path = path


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


def expected_message(what: str, value: Any) -> str:
    return f"expected {what}, got {show(value)}"


def missing_key(key: str) -> str:
    return f"missing required key {quote(key)}"


def unknown_key(key: str) -> str:
    return f"unknown key {quote(key)}"


def not_one_of(choices: Sequence[str], value: str) -> str:
    return f"expected one of {', '.join(quote(choice) for choice in choices)}, got {quote(value)}"


def unsupported_format(value: str) -> str:
    return f"unsupported format {quote(value)}, expected {quote(DECLARATION_FORMAT)}"


def not_python_name(name: str) -> str:
    return f"{quote(name)} is not a valid Python name"


def private_field(name: str) -> str:
    return f"field name {quote(name)} starts with an underscore, which pydantic treats as private"


def shadows_base_model(name: str) -> str:
    return f"field name {quote(name)} shadows a pydantic BaseModel attribute"


def member_underscore(name: str) -> str:
    return f"enum member name {quote(name)} starts with an underscore"


def member_reserved(name: str) -> str:
    return f"enum member name {quote(name)} is reserved by Enum"


def duplicate_enum(name: str) -> str:
    return f"duplicate enum name {quote(name)}"


def duplicate_model(name: str) -> str:
    return f"duplicate model name {quote(name)}"


def enum_and_model(name: str) -> str:
    return f"{quote(name)} is declared both as an enum and as a model"


def defs_key_clash(name: str, other: str, key: str) -> str:
    return f"{quote(name)} and {quote(other)} share the $defs key {quote(key)}"


def duplicate_field(name: str) -> str:
    return f"duplicate field name {quote(name)}"


def duplicate_property_key(key: str, mode: str) -> str:
    return f"duplicate property key {quote(key)} in {mode} mode"


def duplicate_member_name(name: str) -> str:
    return f"duplicate enum member name {quote(name)}"


def duplicate_member_value(value: Any) -> str:
    return f"duplicate enum member value {show(value)}"


def empty_enum() -> str:
    return "an enum needs at least one member"


def enum_base(base: str, what: str, value: Any) -> str:
    return f"an enum with base {quote(base)} needs {what} values, got {show(value)}"


def unknown_enum(name: str) -> str:
    return f"enum {quote(name)} is not declared"


def unknown_model(name: str) -> str:
    return f"model {quote(name)} is not declared"


def unknown_type(name: str) -> str:
    return f"unknown type {quote(name)}"


def empty_union() -> str:
    return "a union needs at least one member"


def duplicate_union_member() -> str:
    return "duplicate union member"


def empty_literal() -> str:
    return "a literal needs at least one value"


def duplicate_literal(value: Any) -> str:
    return f"duplicate literal value {show(value)}"


def variadic_items() -> str:
    return "a variadic tuple needs exactly one item type"


def non_finite(value: Any) -> str:
    return f"expected a finite number, got {show(value)}"


def required_with_default(key: str) -> str:
    return f"a required field cannot have a {key}"


def optional_without_default() -> str:
    return "a field that is not required needs a default or a default_factory"


def default_and_factory() -> str:
    return "a field cannot have both a default and a default_factory"


def unknown_default_kind(kind: str) -> str:
    return f"unknown default kind {quote(kind)}"


def key_needs_kind(key: str) -> str:
    return f"key {quote(key)} is only allowed with kind {quote(key)}"


def default_mismatch(kind: str, what: str, value: Any) -> str:
    return f"a default of kind {quote(kind)} needs {what}, got {show(value)}"


def no_enum_member(name: str, value: Any) -> str:
    return f"enum {quote(name)} has no member with value {show(value)}"


def duplicate_set_element(value: Any) -> str:
    return f"duplicate set element {show(value)}"


def unsortable_set() -> str:
    return "a set default of mixed types has no stable order (pydantic cannot sort it)"


def factory_one_of() -> str:
    return 'a default_factory needs exactly one of "builtin" or "returns"'


def unknown_constraint(key: str) -> str:
    return f"unknown constraint {quote(key)}"


def constraint_not_applicable(key: str, type_name: str) -> str:
    return f"constraint {quote(key)} does not apply to type {quote(type_name)}"


def multiple_of_zero() -> str:
    return 'constraint "multiple_of" must not be 0'


def int_constraint(key: str, value: Any) -> str:
    return (
        f'constraint {quote(key)} on type "int" needs an integer (a float only whole and within 64 bits), got {show(value)}'
    )


def discriminator_needs_union(key: str) -> str:
    return f"discriminator {quote(key)} needs a union of models"


def discriminator_twice() -> str:
    return "a discriminator on both the field and its union type"


# pydantic's own words after a list member of a discriminated union.
_LIST_HINT = (
    " If you are making use of a list of union types, make sure the discriminator is applied to the union type and not the list"
    " (e.g. `list[Annotated[<T> | <U>, Field(discriminator=...)]]`)."
)


def discriminator_variant(core_type: str) -> str:
    hint = _LIST_HINT if core_type == "list" else ""
    return f"The core schema type '{core_type}' is not a valid discriminated union variant.{hint}"


def discriminator_field_missing(model: str, key: str) -> str:
    return f"Model {model!r} needs a discriminator field for key {key!r}"


def discriminator_not_literal(model: str, key: str) -> str:
    return f"Model {model!r} needs field {key!r} to be of type `Literal`"


def discriminator_value_type(model: str, value: Any) -> str:
    return f"discriminator value {show(value)} of model {quote(model)} is not a string or an integer"


def discriminator_value_clash(tag: str, first: str, second: str) -> str:
    return f"discriminator value {quote(tag)} is used by both {quote(first)} and {quote(second)}"


def discriminator_alias(key: str, model: str, prop: str, first: str, first_prop: str) -> str:
    return (
        f"discriminator field {quote(key)} has property key {quote(prop)} in {quote(model)}"
        f" but {quote(first_prop)} in {quote(first)}"
    )


def default_cycle(names: Sequence[str]) -> str:
    return f"model default cycle: {' -> '.join(names)}"


def default_needs_itself(labels: Sequence[str]) -> str:
    return f"a model-instance default that needs itself to be made: {' -> '.join(labels)}"


def unread_default_value(type_name: str) -> str:
    return f'a model-instance default gives a value to a type that holds "{type_name}", which only the Python reference reads'


def refused_default(model: str, message: str, where: str) -> str:
    return f"model {quote(model)} refuses the default: {message}" + (f" at {where}" if where else "")


def overflowing_default(model: str, message: str) -> str:
    return f"model {quote(model)} cannot make the default: OverflowError: {message}"


def takes_unstable_set(label: str) -> str:
    return f"the instance takes the set default of {quote(label)}, whose strings Python prints in hash order, which changes from run to run"


def holds_unstable_set() -> str:
    return "a set inside a model-instance default is printed in Python's hash order, which changes from run to run"
