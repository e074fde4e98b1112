"""A model endpoint: messages and callables (OpenAI function-tool shape) in, the assistant message out."""

from __future__ import annotations

from typing import Any, Protocol

from .chat_message import ChatMessage


class ChatModelConnection(Protocol):
    async def chat(self, model: str, messages: list[ChatMessage], tools: list[Any]) -> ChatMessage: ...
