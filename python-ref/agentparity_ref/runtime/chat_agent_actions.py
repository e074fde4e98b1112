"""Ready-made actions for an agent that answers each input through a chat model."""

from __future__ import annotations

from ..chat.chat_message import ChatMessage
from .agent import Action
from .events import (
    CHAT_RESPONSE_EVENT,
    INPUT_EVENT,
    ChatRequestEvent,
    ChatResponseEvent,
    Event,
    InputEvent,
    OutputEvent,
)
from .runner_context import RunnerContext


def ask_chat_model(model: str, system_prompt: str | None = None) -> Action:
    """Turns each input into a chat request to `model` (with an optional system prompt)."""

    def run(event: Event, ctx: RunnerContext) -> None:
        assert isinstance(event, InputEvent)
        text = event.input if isinstance(event.input, str) else str(event.input)
        messages = [] if system_prompt is None else [ChatMessage("system", system_prompt)]
        ctx.send_event(ChatRequestEvent(model, [*messages, ChatMessage("user", text)]))

    return Action("ask_chat_model", (INPUT_EVENT,), run)


def reply_with_chat_response() -> Action:
    """Outputs the content of each final chat response."""

    def run(event: Event, ctx: RunnerContext) -> None:
        assert isinstance(event, ChatResponseEvent)
        ctx.send_event(OutputEvent(event.response.content))

    return Action("reply_with_chat_response", (CHAT_RESPONSE_EVENT,), run)
