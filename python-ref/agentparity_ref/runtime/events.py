"""Events: what actions react to. `attributes()` is the cross-language form, in upstream key order."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..chat.chat_message import ChatMessage

INPUT_EVENT = "_input_event"
OUTPUT_EVENT = "_output_event"
CHAT_REQUEST_EVENT = "_chat_request_event"
CHAT_RESPONSE_EVENT = "_chat_response_event"
TOOL_REQUEST_EVENT = "_tool_request_event"
TOOL_RESPONSE_EVENT = "_tool_response_event"


def _new_id() -> str:
    return str(uuid.uuid4())


class Event:
    type: str
    id: str

    def attributes(self) -> dict[str, Any]:
        raise NotImplementedError


@dataclass
class GenericEvent(Event):
    """An event of a type this runtime does not model, carried with its attributes as they are."""

    type: str  # type: ignore[misc]
    attrs: dict[str, Any]
    id: str = field(default_factory=_new_id)

    def attributes(self) -> dict[str, Any]:
        return dict(self.attrs)


@dataclass
class InputEvent(Event):
    type: ClassVar[str] = INPUT_EVENT
    input: Any
    id: str = field(default_factory=_new_id)

    def attributes(self) -> dict[str, Any]:
        return {"input": self.input}


@dataclass
class OutputEvent(Event):
    type: ClassVar[str] = OUTPUT_EVENT
    output: Any
    id: str = field(default_factory=_new_id)

    def attributes(self) -> dict[str, Any]:
        return {"output": self.output}


@dataclass
class ChatRequestEvent(Event):
    type: ClassVar[str] = CHAT_REQUEST_EVENT
    model: str
    messages: list[ChatMessage]
    prompt_args: dict[str, Any] = field(default_factory=dict)
    output_schema: Any = None
    id: str = field(default_factory=_new_id)

    def attributes(self) -> dict[str, Any]:
        return {
            "model": self.model,
            "messages": [m.to_json() for m in self.messages],
            "prompt_args": dict(self.prompt_args),
            "output_schema": self.output_schema,
        }


@dataclass
class ChatResponseEvent(Event):
    type: ClassVar[str] = CHAT_RESPONSE_EVENT
    request_id: str
    response: ChatMessage
    retry_count: int = 0
    total_retry_wait_sec: int = 0
    id: str = field(default_factory=_new_id)

    def attributes(self) -> dict[str, Any]:
        return {
            "request_id": self.request_id,
            "response": self.response.to_json(),
            "retry_count": self.retry_count,
            "total_retry_wait_sec": self.total_retry_wait_sec,
        }


@dataclass
class ToolRequestEvent(Event):
    type: ClassVar[str] = TOOL_REQUEST_EVENT
    model: str
    tool_calls: list[Any]
    """The calls as the model produced them (see `read_tool_call`)."""
    id: str = field(default_factory=_new_id)

    def attributes(self) -> dict[str, Any]:
        return {"model": self.model, "tool_calls": list(self.tool_calls)}


@dataclass
class ToolResponseEvent(Event):
    """Results keyed by call id, in the order they were recorded (the model sees them in this order)."""

    type: ClassVar[str] = TOOL_RESPONSE_EVENT
    request_id: str
    responses: dict[str, Any]
    success: dict[str, bool]
    error: dict[str, str | None]
    external_ids: dict[str, str | None]
    id: str = field(default_factory=_new_id)

    def attributes(self) -> dict[str, Any]:
        return {
            "request_id": self.request_id,
            "responses": dict(self.responses),
            "success": dict(self.success),
            "error": dict(self.error),
            "external_ids": dict(self.external_ids),
        }
