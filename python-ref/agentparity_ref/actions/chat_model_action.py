"""The built-in chat-model action (upstream `process_chat_request_or_tool_response`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..chat.chat_message import ChatMessage
from ..resources.resource_type import ResourceType
from ..runtime.action_function import ActionFunction
from ..runtime.durable_executor import DurableCallable
from ..runtime.events import ChatRequestEvent, ChatResponseEvent, Event, ToolRequestEvent, ToolResponseEvent
from ..runtime.runner_context import RunnerContext
from ..errors import InvalidValueError


@dataclass(frozen=True)
class _PendingConversation:
    request_id: str
    model: str
    messages: list[ChatMessage]


def _tool_messages(event: ToolResponseEvent) -> list[ChatMessage]:
    # Tool results join the conversation as TOOL messages, in the order the response event lists them.
    messages = []
    for call_id, content in event.responses.items():
        extra: dict[str, Any] = {"tool_call_id": call_id}
        external_id = event.external_ids.get(call_id)
        if isinstance(external_id, str):
            extra["external_id"] = external_id
        messages.append(ChatMessage("tool", content if isinstance(content, str) else str(content), [], extra))
    return messages


def chat_model_action() -> ActionFunction:
    """Asks the model, recording its answer durably; an answer with tool calls becomes a
    `ToolRequestEvent` and the conversation waits for the `ToolResponseEvent`, which it hands back
    to the model; a final answer becomes a `ChatResponseEvent` for the original request. Each call
    makes a fresh action, whose waiting conversations belong to one run."""
    pending: dict[str, _PendingConversation] = {}

    async def ask(ctx: RunnerContext, conversation: _PendingConversation) -> None:
        setup = ctx.get_resource(conversation.model, ResourceType.CHAT_MODEL)
        answer = await ctx.durable_execute_async(
            DurableCallable(
                f"chat:{conversation.model}",
                lambda: setup.chat(conversation.messages),
                lambda m: m.to_json(),
                lambda tree: ChatMessage.from_json(tree, "recorded chat answer"),
            )
        )
        if not answer.tool_calls:
            ctx.send_event(ChatResponseEvent(conversation.request_id, answer))
            return
        request = ToolRequestEvent(conversation.model, list(answer.tool_calls))
        pending[request.id] = replace(conversation, messages=[*conversation.messages, answer])
        ctx.send_event(request)

    async def run(event: Event, ctx: RunnerContext) -> None:
        if isinstance(event, ChatRequestEvent):
            await ask(ctx, _PendingConversation(event.id, event.model, list(event.messages)))
            return
        assert isinstance(event, ToolResponseEvent)
        conversation = pending.pop(event.request_id, None)
        if conversation is None:
            raise InvalidValueError(f"No conversation waits for tool request {event.request_id}", code="TOOL_REQUEST_UNKNOWN")
        await ask(ctx, replace(conversation, messages=[*conversation.messages, *_tool_messages(event)]))

    return run
