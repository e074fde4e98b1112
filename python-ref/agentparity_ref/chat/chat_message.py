"""One message of a conversation in the upstream cross-language layout."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal
from ..errors import InvalidTypeError

MessageRole = Literal["system", "user", "assistant", "tool"]
"""Who speaks a message (upstream ``MessageRole``): the roles of conversations and of prompt templates."""
MESSAGE_ROLES: tuple[MessageRole, ...] = ("system", "user", "assistant", "tool")


@dataclass(frozen=True)
class ChatMessage:
    """`role`, `content`, `tool_calls` (kept as the model produced them) and `extra_args`."""

    role: MessageRole
    content: str
    tool_calls: list[Any] = field(default_factory=list)
    extra_args: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "role": self.role,
            "content": self.content,
            "tool_calls": list(self.tool_calls),
            "extra_args": dict(self.extra_args),
        }

    @staticmethod
    def from_json(tree: Any, where: str = "message") -> ChatMessage:
        fields = as_object(tree, where)
        role = fields.get("role")
        if role not in MESSAGE_ROLES:
            raise InvalidTypeError(f"{where}.role must be one of {', '.join(MESSAGE_ROLES)}", code="CHAT_MESSAGE_ROLE")
        content = fields.get("content", "")
        if not isinstance(content, str):
            raise InvalidTypeError(f"{where}.content must be a string", code="CHAT_MESSAGE_CONTENT_NOT_STRING")
        tool_calls = fields.get("tool_calls", [])
        if not isinstance(tool_calls, list):
            raise InvalidTypeError(f"{where}.tool_calls must be a list", code="CHAT_MESSAGE_TOOL_CALLS_NOT_LIST")
        extra = as_object(fields.get("extra_args", {}), f"{where}.extra_args")
        return ChatMessage(role, content, list(tool_calls), dict(extra))  # type: ignore[arg-type]


def as_object(tree: Any, where: str) -> dict[str, Any]:
    if not isinstance(tree, dict):
        raise InvalidTypeError(f"{where} must be an object", code="VALUE_NOT_OBJECT")
    return tree
