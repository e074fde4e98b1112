"""A connection that replays model turns in order, for offline runs and tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .chat_message import ChatMessage
from .tool_call import tool_call
from ..errors import InvalidValueError


@dataclass(frozen=True)
class ScriptedTurn:
    """A final answer (`content`), or tool calls `{id, name, arguments}` (with optional text)."""

    content: str = ""
    tool_calls: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class ScriptedRequest:
    model: str
    messages: list[ChatMessage]
    tools: list[Any]


class ScriptedConnection:
    """Keeps every request it got, and refuses one beyond the script rather than invent an answer."""

    def __init__(self, turns: list[ScriptedTurn]) -> None:
        self._turns = list(turns)
        self.requests: list[ScriptedRequest] = []

    @property
    def turns(self) -> list[ScriptedTurn]:
        return list(self._turns)

    def to_json(self) -> dict[str, Any]:
        """The script as a plan serializes it (the requests are what happened in one run, not part of it)."""
        return {
            "turns": [
                {"content": t.content, "tool_calls": [{"id": c["id"], "name": c["name"], "arguments": c["arguments"]} for c in t.tool_calls]}
                for t in self._turns
            ]
        }

    async def chat(self, model: str, messages: list[ChatMessage], tools: list[Any]) -> ChatMessage:
        index = len(self.requests)
        self.requests.append(ScriptedRequest(model, list(messages), list(tools)))
        if index >= len(self._turns):
            raise InvalidValueError(f"The scripted model has no turn {index + 1} ({len(self._turns)} scripted)", code="SCRIPTED_TURN_MISSING")
        turn = self._turns[index]
        calls = [tool_call(c["id"], c["name"], c["arguments"]) for c in turn.tool_calls]
        return ChatMessage("assistant", turn.content, calls)
