"""Upstream's ReActAgent (design D3). Mirrors `src/plan/reactAgent.ts`."""

from __future__ import annotations

from typing import Any

from ..resources.prompt import Prompt
from ..resources.resource_type import ResourceType
from ..runtime.events import CHAT_RESPONSE_EVENT, INPUT_EVENT
from ..runtime.react_actions import REACT_START_ACTION, REACT_STOP_ACTION
from .agent import Agent
from .subagent_metadata import SubagentMetadataProvider

DEFAULT_SUBAGENT_DESCRIPTION = "A general-purpose agent that completes a delegated task using its tools."
"""Upstream's default description of a ReAct agent called as a sub-agent."""
DEFAULT_SUBAGENT_INPUT_SCHEMA = '{"type":"object","properties":{"input":{"type":"string"}},"required":["input"]}'
"""Upstream's default input schema, exactly this compact text."""

_CHAT_MODEL_RESOURCE = "_default_chat_model"
_USER_PROMPT_RESOURCE = "_default_user_prompt"


class ReActAgent(Agent, SubagentMetadataProvider):
    """Asks its chat model with the input, lets the model call its tools until it answers, and
    outputs the answer. `chat_model` is a setup or descriptor the agent owns, or the name of a chat
    model its scope resolves (a caller's). As a sub-agent it describes itself with the
    general-purpose defaults unless told otherwise; None keeps a default, each on its own."""

    def __init__(
        self,
        *,
        chat_model: Any,
        prompt: Prompt | None = None,
        subagent_description: str | None = None,
        subagent_input_schema: str | None = None,
        name: str | None = None,
    ) -> None:
        super().__init__(name)
        self._description = subagent_description
        self._input_schema = subagent_input_schema
        config: dict[str, Any] = {}
        if isinstance(chat_model, str):
            config["chat_model"] = chat_model
        else:
            self.add_resource(_CHAT_MODEL_RESOURCE, ResourceType.CHAT_MODEL, chat_model)
            config["chat_model"] = _CHAT_MODEL_RESOURCE
        if prompt is not None:
            self.add_resource(_USER_PROMPT_RESOURCE, ResourceType.PROMPT, prompt)
            config["user_prompt"] = _USER_PROMPT_RESOURCE
        self.add_action("start_action", [INPUT_EVENT], REACT_START_ACTION, config)
        self.add_action("stop_action", [CHAT_RESPONSE_EVENT], REACT_STOP_ACTION)

    def get_subagent_description(self) -> str:
        return self._description if self._description is not None else DEFAULT_SUBAGENT_DESCRIPTION

    def get_subagent_input_schema(self) -> str:
        return self._input_schema if self._input_schema is not None else DEFAULT_SUBAGENT_INPUT_SCHEMA
