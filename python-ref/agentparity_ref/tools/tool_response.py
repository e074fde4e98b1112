"""What a tool call produced, as the model reads it, and the rules for a plain tool's return value."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any
from ..errors import InvalidTypeError


@dataclass(frozen=True)
class ToolResponse:
    """Upstream `ToolResponse`: the content, whether the call succeeded, and the raw failure reason."""

    result: str
    success: bool
    error: str | None = None

    @staticmethod
    def ok(content: str) -> ToolResponse:
        return ToolResponse(content, True, None)

    @staticmethod
    def failed(content: str, error: str | None) -> ToolResponse:
        return ToolResponse(content, False, error)

    def to_json(self) -> dict[str, Any]:
        return {"result": self.result, "success": self.success, "error": self.error}

    @staticmethod
    def from_json(tree: Any) -> ToolResponse:
        fields = tree if isinstance(tree, dict) else {}
        result, success, error = fields.get("result"), fields.get("success"), fields.get("error")
        if not isinstance(result, str) or not isinstance(success, bool) or (error is not None and not isinstance(error, str)):
            raise InvalidTypeError("a recorded tool response needs result (string), success (boolean) and error (string or null)", code="TOOL_RESPONSE_MALFORMED")
        return ToolResponse(result, success, error)


def to_tool_response(value: Any) -> ToolResponse:
    """Reference §5.3: a `ToolResponse` passes through, a str is kept, anything else is
    `json.dumps(ensure_ascii=False, allow_nan=False)`, or `str(v)` when JSON cannot express it
    (a failure of `str` itself propagates)."""
    if isinstance(value, ToolResponse):
        return value
    if isinstance(value, str):
        return ToolResponse.ok(value)
    try:
        return ToolResponse.ok(json.dumps(value, ensure_ascii=False, allow_nan=False))
    except (TypeError, ValueError, RecursionError):
        return ToolResponse.ok(str(value))
