"""A tool call as the model produced it, in the nested upstream layout or the flat snapshot one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .chat_message import as_object
from ..errors import InvalidTypeError


@dataclass(frozen=True)
class ToolCallView:
    id: str
    name: str
    arguments: Any
    """Exactly as the model sent them: normally an object, but never coerced."""
    original_id: str | None


def read_tool_call(tree: Any, where: str = "tool_call") -> ToolCallView:
    call = as_object(tree, where)
    fn = as_object(call["function"], f"{where}.function") if "function" in call else call
    call_id = call.get("id")
    name = fn.get("name")
    if not isinstance(call_id, str):
        raise InvalidTypeError(f"{where}.id must be a string", code="TOOL_CALL_ID_NOT_STRING")
    if not isinstance(name, str):
        raise InvalidTypeError(f"{where}.name must be a string", code="TOOL_CALL_NAME_NOT_STRING")
    original_id = call.get("original_id")
    if original_id is not None and not isinstance(original_id, str):
        raise InvalidTypeError(f"{where}.original_id must be a string or null", code="TOOL_CALL_ORIGINAL_ID_NOT_STRING")
    return ToolCallView(call_id, name, fn.get("arguments"), original_id)


def tool_call(call_id: str, name: str, arguments: Any, original_id: str | None = None) -> dict[str, Any]:
    """A tool call in the upstream nested layout."""
    call: dict[str, Any] = {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}
    if original_id is not None:
        call["original_id"] = original_id
    return call
