"""The declaration of a sub-agent (reference §1): a description and an input schema, derived at
construction from its input type when none is declared. Mirrors `src/subagent/subagentSetup.ts`.
"""

from __future__ import annotations

import inspect
import json
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, field_validator, model_validator
from ..errors import InvalidTypeError, InvalidValueError

BLANK_SCHEMA_MESSAGE = "Sub-agent input schema must not be blank."


def _not_supported(input_type: Any) -> TypeError:
    return InvalidTypeError(
        f"Sub-agent input type {input_type} is not supported. "
        "Declare a pydantic BaseModel, or declare an input schema explicitly.",
        code="SUBAGENT_INPUT_TYPE_UNSUPPORTED",
    )


def _not_renderable(input_type: type[BaseModel], error: Exception) -> TypeError:
    return InvalidTypeError(
        f"Sub-agent input type {input_type.__module__}.{input_type.__qualname__} cannot be rendered as a JSON "
        "Schema, so it cannot be declared to a chat model. Declare an input schema explicitly, or use an input "
        f"type whose fields are all JSON-Schema-renderable. Rendering it reported: {error}",
        code="SUBAGENT_INPUT_TYPE_NOT_RENDERABLE",
    )


def input_schema_from(input_type: Any, mode: Literal["validation", "serialization"] = "validation") -> str | None:
    """The input schema a type gives: None for `object` (no shape), else exactly what
    `json.dumps(input_type.model_json_schema())` prints. Anything but a pydantic model, or a
    model pydantic cannot render, is refused with a TypeError."""
    if input_type is object:
        return None
    if not (inspect.isclass(input_type) and issubclass(input_type, BaseModel)):
        raise _not_supported(input_type)
    try:
        schema = input_type.model_json_schema(mode=mode)
    except Exception as error:
        raise _not_renderable(input_type, error) from error
    return json.dumps(schema)


class SubagentSetup(BaseModel):
    """The declaration of a sub-agent: what it does and the arguments a model calls it with.

    Subclasses state their types by overriding the classmethods `input_type()` and
    `result_type()` (both `object` unless overridden). Only `description` and `input_schema`
    are dumped; the types never reach plan JSON.
    """

    description: str = ""
    input_schema: str | None = None

    # The mode the input type's schema is rendered in; declared types may ask for serialization.
    _input_schema_mode: ClassVar[Literal["validation", "serialization"]] = "validation"

    @classmethod
    def input_type(cls) -> Any:
        return object

    @classmethod
    def result_type(cls) -> Any:
        return object

    @field_validator("input_schema")
    @classmethod
    def _refuse_blank_schema(cls, value: str | None) -> str | None:
        if value is not None and not value.strip():
            raise InvalidValueError(BLANK_SCHEMA_MESSAGE, code="SUBAGENT_INPUT_SCHEMA_BLANK")
        return value

    @model_validator(mode="after")
    def _derive_input_schema(self) -> SubagentSetup:
        # An explicit schema always wins; the type is only consulted when there is none.
        if self.input_schema is None:
            self.input_schema = input_schema_from(type(self).input_type(), type(self)._input_schema_mode)
        return self


def declared_setup(
    input_type: Any = object,
    result_type: Any = object,
    *,
    schema_mode: Literal["validation", "serialization"] = "validation",
    name: str = "DeclaredSubagentSetup",
) -> type[SubagentSetup]:
    """A `SubagentSetup` subclass whose `input_type()` and `result_type()` return the given types
    (for instance ones `types.build_models` built from a declaration)."""
    namespace = {
        "__module__": __name__,
        "__qualname__": name,
        "input_type": classmethod(lambda cls: input_type),
        "result_type": classmethod(lambda cls: result_type),
        "_input_schema_mode": schema_mode,
    }
    return type(name, (SubagentSetup,), namespace)
