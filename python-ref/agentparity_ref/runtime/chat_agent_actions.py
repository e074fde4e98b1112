"""Ready-made actions for an agent that answers each input through a chat model.

Mirrors `src/runtime/chatAgentActions.ts`.
"""

from __future__ import annotations

from ..chat.chat_message import ChatMessage
from ..functions.function_descriptor import PythonFunction
from .events import ChatRequestEvent, ChatResponseEvent, Event, InputEvent, OutputEvent
from .react_actions import REACT_START_ACTION, REACT_STOP_ACTION
from .runner_context import RunnerContext
from ..errors import InvalidValueError

RUNTIME_MODULE = "agentparity_ref.runtime"
"""The module the ready-made actions are named under in plans."""


def ask_chat_model(event: Event, ctx: RunnerContext) -> None:
    """Turns each input into a chat request to the chat model its configuration names
    (``chat_model``), after the configuration's ``system_prompt`` when there is one."""
    assert isinstance(event, InputEvent)
    model = ctx.get_action_config_value("chat_model")
    if not isinstance(model, str):
        raise InvalidValueError('ask_chat_model needs the name of a chat model under "chat_model" in its configuration', code="CHAT_MODEL_NAME_MISSING")
    system_prompt = ctx.get_action_config_value("system_prompt")
    text = event.input if isinstance(event.input, str) else str(event.input)
    messages = [ChatMessage("system", system_prompt)] if isinstance(system_prompt, str) else []
    ctx.send_event(ChatRequestEvent(model, [*messages, ChatMessage("user", text)]))


def reply_with_chat_response(event: Event, ctx: RunnerContext) -> None:
    """Outputs the content of each final chat response."""
    assert isinstance(event, ChatResponseEvent)
    ctx.send_event(OutputEvent(event.response.content))


ASK_CHAT_MODEL = PythonFunction(RUNTIME_MODULE, "ask_chat_model", ask_chat_model)
"""``ask_chat_model`` as an agent's action runs it (listening to ``_input_event``, configured with ``chat_model``, ``system_prompt``)."""

REPLY_WITH_CHAT_RESPONSE = PythonFunction(RUNTIME_MODULE, "reply_with_chat_response", reply_with_chat_response)
"""``reply_with_chat_response`` as an agent's action runs it (listening to ``_chat_response_event``)."""

READY_MADE_ACTIONS: tuple[PythonFunction, ...] = (ASK_CHAT_MODEL, REPLY_WITH_CHAT_RESPONSE, REACT_START_ACTION, REACT_STOP_ACTION)
"""The ready-made actions, which a runner finds by name when a plan read from JSON names them."""
