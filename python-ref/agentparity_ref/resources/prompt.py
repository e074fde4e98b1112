"""Prompt templates. Mirrors `src/resources/prompt.ts`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .resource_type import ResourceType


class Prompt:
    """A prompt template: one text, or a list of role-tagged messages."""

    resource_type = ResourceType.PROMPT

    def __init__(self, text: str | None, messages: Sequence[Mapping[str, str]] | None) -> None:
        self.text = text
        self.messages = None if messages is None else [{"role": m["role"], "content": m["content"]} for m in messages]

    @staticmethod
    def from_text(text: str) -> Prompt:
        return Prompt(text, None)

    @staticmethod
    def from_messages(messages: Sequence[Mapping[str, str]]) -> Prompt:
        return Prompt(None, messages)

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "messages": None if self.messages is None else [dict(m) for m in self.messages]}
