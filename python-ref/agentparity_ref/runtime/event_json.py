"""Events in the cross-language form `{"id", "type", "attributes"}`, read from either upstream language."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..chat.chat_message import ChatMessage, as_object
from .events import CHAT_REQUEST_EVENT, CHAT_RESPONSE_EVENT, INPUT_EVENT, OUTPUT_EVENT, TOOL_REQUEST_EVENT, TOOL_RESPONSE_EVENT, ChatRequestEvent, ChatResponseEvent, Event, GenericEvent, InputEvent, OutputEvent, ToolRequestEvent, ToolResponseEvent
from ..errors import InvalidTypeError


def event_to_json(event: Event) -> dict[str, Any]:
    return {"id": event.id, "type": event.type, "attributes": event.attributes()}


def _str(attrs: dict[str, Any], key: str, where: str) -> str:
    value = attrs.get(key)
    if not isinstance(value, str):
        raise InvalidTypeError(f"{where}.{key} must be a string", code="EVENT_FIELD_NOT_STRING")
    return value


def _int(attrs: dict[str, Any], key: str, where: str) -> int:
    value = attrs.get(key, 0)
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidTypeError(f"{where}.{key} must be an integer", code="EVENT_FIELD_NOT_INT")
    return value


def _list(attrs: dict[str, Any], key: str, where: str) -> list[Any]:
    value = attrs.get(key, [])
    if not isinstance(value, list):
        raise InvalidTypeError(f"{where}.{key} must be a list", code="EVENT_FIELD_NOT_LIST")
    return value


def _entries(attrs: dict[str, Any], key: str, where: str, read: Callable[[Any, str], Any]) -> dict[str, Any]:
    return {k: read(v, f"{where}.{key}.{k}") for k, v in as_object(attrs.get(key, {}), f"{where}.{key}").items()}


def _optional_str(value: Any, at: str) -> str | None:
    if value is not None and not isinstance(value, str):
        raise InvalidTypeError(f"{at} must be a string or null", code="EVENT_FIELD_NOT_STRING_OR_NULL")
    return value


def _bool(value: Any, at: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidTypeError(f"{at} must be a boolean", code="EVENT_FIELD_NOT_BOOL")
    return value


def _response_content(value: Any, _at: str) -> Any:
    # Java writes each response as a ToolResponse object ({result, success, error, ...}); Python
    # writes the content itself. The content is what the model reads, so both become that.
    if isinstance(value, dict) and "result" in value and "success" in value:
        return value["result"]
    return value


Reader = Callable[[dict[str, Any], str, str], Event]

_READERS: dict[str, Reader] = {
    INPUT_EVENT: lambda a, i, w: InputEvent(a.get("input"), id=i),
    OUTPUT_EVENT: lambda a, i, w: OutputEvent(a.get("output"), id=i),
    CHAT_REQUEST_EVENT: lambda a, i, w: ChatRequestEvent(
        model=_str(a, "model", w),
        messages=[ChatMessage.from_json(m, f"{w}.messages[{n}]") for n, m in enumerate(_list(a, "messages", w))],
        prompt_args=dict(as_object(a.get("prompt_args", {}), f"{w}.prompt_args")),
        output_schema=a.get("output_schema"),
        id=i,
    ),
    CHAT_RESPONSE_EVENT: lambda a, i, w: ChatResponseEvent(
        request_id=_str(a, "request_id", w),
        response=ChatMessage.from_json(a.get("response"), f"{w}.response"),
        retry_count=_int(a, "retry_count", w),
        total_retry_wait_sec=_int(a, "total_retry_wait_sec", w),
        id=i,
    ),
    TOOL_REQUEST_EVENT: lambda a, i, w: ToolRequestEvent(_str(a, "model", w), list(_list(a, "tool_calls", w)), id=i),
    TOOL_RESPONSE_EVENT: lambda a, i, w: ToolResponseEvent(
        request_id=_str(a, "request_id", w),
        responses=_entries(a, "responses", w, _response_content),
        success=_entries(a, "success", w, _bool),
        error=_entries(a, "error", w, _optional_str),
        external_ids=_entries(a, "external_ids", w, _optional_str),
        id=i,
    ),
}


def event_from_json(tree: Any, where: str = "event") -> Event:
    """Reads an event written by either upstream language (Java's key order, omissions and
    ToolResponse objects read into the same event). An unknown type stays a `GenericEvent`."""
    fields = as_object(tree, where)
    event_id = _str(fields, "id", where)
    event_type = _str(fields, "type", where)
    attrs = as_object(fields.get("attributes", {}), f"{where}.attributes")
    read = _READERS.get(event_type)
    if read is None:
        return GenericEvent(event_type, dict(attrs), id=event_id)
    return read(attrs, event_id, f"{where}.attributes")
