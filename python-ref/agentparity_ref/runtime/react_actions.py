"""The actions of a ReAct agent. Mirrors `src/runtime/reactActions.ts`."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..chat.chat_message import ChatMessage
from ..functions.function_descriptor import PythonFunction
from ..resources.prompt import Prompt
from ..resources.resource_type import ResourceType
from .events import ChatRequestEvent, ChatResponseEvent, Event, InputEvent, OutputEvent
from .internal_subagent_calls import InvalidStateError
from .runner_context import RunnerContext

AGENTS_MODULE = "agentparity_ref.agents"
"""The module the ReAct agent's actions are named under in plans (upstream's `agents` package)."""

_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def _fill(template: str, fields: Mapping[str, Any]) -> str:
    # `{name}` takes the field's text; a placeholder no field fills stays as written.
    return _PLACEHOLDER.sub(lambda m: str(fields[m.group(1)]) if m.group(1) in fields else m.group(0), template)


def _prompt_messages(prompt: Prompt, fields: Mapping[str, Any]) -> list[ChatMessage]:
    if prompt.messages is not None:
        return [ChatMessage(m["role"], _fill(m["content"], fields)) for m in prompt.messages]
    return [ChatMessage("user", _fill(prompt.text or "", fields))]


def react_user_messages(value: Any, prompt: Prompt | None) -> list[ChatMessage]:
    """The user messages of a ReAct agent's input (upstream `start_action`): with a prompt, its
    messages filled from the input's fields (a primitive input is the field `input`); without one,
    a primitive input's text, or the value of an object whose only key is `input`. Any other input
    without a prompt is refused in upstream's words."""
    if prompt is not None:
        return _prompt_messages(prompt, value if isinstance(value, dict) else {"input": value})
    if isinstance(value, (str, int, float, bool)):
        return [ChatMessage("user", str(value))]
    if isinstance(value, dict) and list(value) == ["input"]:
        return [ChatMessage("user", str(value["input"]))]
    raise InvalidStateError(
        f"Input type is {type(value)}, which is not primitive types. User should provide prompt to help convert it to ChatMessage.",
        code="REACT_INPUT_NOT_PRIMITIVE",
    )


def react_start_action(event: Event, ctx: RunnerContext) -> None:
    """Asks the chat model the configuration names (`chat_model`) with the input's user messages; `user_prompt` names the prompt resource, if any."""
    assert isinstance(event, InputEvent)
    prompt_name = ctx.get_action_config_value("user_prompt")
    prompt = ctx.get_resource(prompt_name, ResourceType.PROMPT) if isinstance(prompt_name, str) else None
    messages = react_user_messages(event.input, prompt)
    ctx.send_event(ChatRequestEvent(str(ctx.get_action_config_value("chat_model")), messages))


def react_stop_action(event: Event, ctx: RunnerContext) -> None:
    """Outputs the final answer of the ReAct loop."""
    assert isinstance(event, ChatResponseEvent)
    ctx.send_event(OutputEvent(event.response.content))


REACT_START_ACTION = PythonFunction(AGENTS_MODULE, "ReActAgent.start_action", react_start_action)
REACT_STOP_ACTION = PythonFunction(AGENTS_MODULE, "ReActAgent.stop_action", react_stop_action)
