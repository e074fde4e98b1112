"""The skill-discovery listing: the only message a chat-model setup injects."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from .chat_message import ChatMessage

SKILL_TOOLS: tuple[str, ...] = ("load_skill", "bash")
"""The tools a setup with skills needs, added to its declared tools when absent."""


@dataclass(frozen=True)
class SkillSummary:
    name: str
    description: str


def _escape(text: str) -> str:
    return escape(text, quote=False)


def available_skills_prompt(skills: list[SkillSummary]) -> str | None:
    """The skill-discovery system prompt, or None when there are no skills (nothing is injected)."""
    if not skills:
        return None
    entries = [
        f"<skill>\n<name>{_escape(s.name)}</name>\n<description>{_escape(s.description)}</description>\n</skill>" for s in skills
    ]
    return "<available_skills>\n" + "\n".join(entries) + "\n</available_skills>"


def inject_skill_listing(messages: list[ChatMessage], prompt: str | None) -> list[ChatMessage]:
    """Right after the first system message, or at the head when there is none (reference §2.2)."""
    if prompt is None:
        return list(messages)
    first_system = next((i for i, m in enumerate(messages) if m.role == "system"), None)
    at = 0 if first_system is None else first_system + 1
    return [*messages[:at], ChatMessage("system", prompt), *messages[at:]]
