"""Sub-agents as an AGENT resource: the setup, the result, and the handles of a running call.

Follows the upstream API (reference §1): a `SubagentSetup` carries a description and an input
schema, derived at construction from its input type when none is declared; a `SubagentResult`
is a success or a failure with a message; a `SubagentFuture` is the awaitable handle of one call.
"""

from __future__ import annotations

import asyncio
import inspect
import json
from abc import ABC, abstractmethod
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, field_validator, model_validator

CALLABLE_NAME_PREFIX = "_subagent_"
"""Prefixed to a sub-agent's name to name the callable a chat model sees."""

BLANK_SCHEMA_MESSAGE = "Sub-agent input schema must not be blank."


def _not_supported(input_type: Any) -> TypeError:
    return TypeError(
        f"Sub-agent input type {input_type} is not supported. "
        "Declare a pydantic BaseModel, or declare an input schema explicitly."
    )


def _not_renderable(input_type: type[BaseModel], error: Exception) -> TypeError:
    return TypeError(
        f"Sub-agent input type {input_type.__module__}.{input_type.__qualname__} cannot be rendered as a JSON "
        "Schema, so it cannot be declared to a chat model. Declare an input schema explicitly, or use an input "
        f"type whose fields are all JSON-Schema-renderable. Rendering it reported: {error}"
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
            raise ValueError(BLANK_SCHEMA_MESSAGE)
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


@dataclass
class SubagentResult:
    """What a sub-agent call came to: a result, or a failure with a message."""

    success: bool
    result: Any = None
    error_message: str | None = None

    @classmethod
    def ok(cls, result: Any = None) -> SubagentResult:
        return cls(success=True, result=result)

    @classmethod
    def error(cls, error: BaseException | str | None) -> SubagentResult:
        """A failure; an exception is summarized as `TypeName: message`, a string kept verbatim."""
        if isinstance(error, BaseException):
            message: str | None = f"{type(error).__name__}: {error}"
        else:
            message = error
        return cls(success=False, error_message=message)

    @property
    def exception(self) -> RuntimeError | None:
        return None if self.success else RuntimeError(self.error_message)


class SubagentFuture(ABC):
    """The handle of one submitted sub-agent call; `await future` gives its `SubagentResult`."""

    def __init__(self, session_id: str, call_id: str) -> None:
        self._session_id = session_id
        self._call_id = call_id

    @property
    def session_id(self) -> str:
        return self._session_id

    @property
    def call_id(self) -> str:
        return self._call_id

    @property
    def identity(self) -> str:
        return f"{self._session_id}#{self._call_id}"

    @abstractmethod
    def done(self) -> bool:
        """Whether the call has finished, whichever way."""

    def cancel(self) -> None:
        """Asks the call to stop; does nothing unless an implementation can stop it."""

    def combine(self, *others: SubagentFuture | SubagentFutures) -> SubagentFutures:
        return SubagentFutures(self).combine(*others)

    @abstractmethod
    async def wait(self) -> SubagentResult:
        """The outcome of the call, once it has one."""

    def __await__(self) -> Generator[Any, None, SubagentResult]:
        return self.wait().__await__()


class SubagentFutures:
    """Several handles awaited together; `await futures` gives their results in the order added."""

    def __init__(self, *futures: SubagentFuture) -> None:
        self._futures = tuple(futures)

    @property
    def futures(self) -> tuple[SubagentFuture, ...]:
        return self._futures

    def __len__(self) -> int:
        return len(self._futures)

    def __iter__(self) -> Iterator[SubagentFuture]:
        return iter(self._futures)

    def done(self) -> bool:
        return all(future.done() for future in self._futures)

    def cancel(self) -> None:
        for future in self._futures:
            future.cancel()

    def combine(self, *others: SubagentFuture | SubagentFutures) -> SubagentFutures:
        """These handles followed by the others (a `SubagentFutures` adds its handles in order)."""
        added: list[SubagentFuture] = []
        for other in others:
            added.extend(other.futures if isinstance(other, SubagentFutures) else (other,))
        return SubagentFutures(*self._futures, *added)

    async def wait(self) -> list[SubagentResult]:
        return list(await asyncio.gather(*(future.wait() for future in self._futures)))

    def __await__(self) -> Generator[Any, None, list[SubagentResult]]:
        return self.wait().__await__()
