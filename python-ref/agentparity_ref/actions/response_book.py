"""The results of one tool request, keyed by call id in the order they were recorded."""

from __future__ import annotations

from typing import Any

from ..runtime.events import ToolResponseEvent
from ..tools.tool_response import ToolResponse


class ResponseBook:
    """The recording order is the order the model reads the results in, so both languages keep it."""

    def __init__(self) -> None:
        self._responses: dict[str, Any] = {}
        self._success: dict[str, bool] = {}
        self._error: dict[str, str | None] = {}
        self._external_ids: dict[str, str | None] = {}

    def note_external_id(self, call_id: str, external_id: str | None) -> None:
        self._external_ids[call_id] = external_id

    def record(self, call_id: str, response: ToolResponse) -> None:
        self._responses[call_id] = response.result
        self._success[call_id] = response.success
        if not response.success:
            self._error[call_id] = response.error

    def to_event(self, request_id: str) -> ToolResponseEvent:
        return ToolResponseEvent(request_id, dict(self._responses), dict(self._success), dict(self._error), dict(self._external_ids))
