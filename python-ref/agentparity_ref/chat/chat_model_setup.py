"""A chat model as an agent resource: connection, tools, sub-agents, skills."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from ..resources.resource_type import ResourceType
from .build_callables import ResolveResource, build_callables, callable_spec
from .chat_message import ChatMessage
from .skill_listing import SKILL_TOOLS, SkillSummary, available_skills_prompt, inject_skill_listing
from .to_openai_tool import to_openai_tool
from ..errors import InvalidValueError


class ChatModelSetup(BaseModel):
    """`open()` resolves the connection and builds the callables; it may run again and rebuilds from
    scratch. `chat()` passes the callables in the OpenAI function-tool shape and injects only the
    skill listing."""

    model_config = ConfigDict(extra="forbid")

    connection: str
    model: str
    tools: list[str] = Field(default_factory=list, description="Names of TOOL resources the model may call.")
    subagents: list[str] = Field(default_factory=list, description="Names of the AGENT resources this setup may delegate to.")
    skills: list[SkillSummary] = Field(default_factory=list)

    _opened: tuple[Any, list[Any], str | None] | None = PrivateAttr(default=None)

    def open(self, resolve: ResolveResource) -> None:
        connection = resolve(self.connection, ResourceType.CHAT_MODEL_CONNECTION)
        skill_prompt = available_skills_prompt(self.skills)
        tool_names = list(self.tools)
        if self.skills:
            tool_names += [name for name in SKILL_TOOLS if name not in tool_names]
        callables = build_callables(tool_names, self.subagents, resolve)
        self._opened = (connection, callables, skill_prompt)

    @property
    def callables(self) -> list[Any]:
        """The callables built by the last `open()`, tools first."""
        return list(self._require_open()[1])

    def tool_specs(self) -> list[dict[str, Any]]:
        """The callables as the model receives them."""
        return [to_openai_tool(callable_spec(c)) for c in self._require_open()[1]]

    def prepare_messages(self, messages: list[ChatMessage]) -> list[ChatMessage]:
        return inject_skill_listing(messages, self._require_open()[2])

    async def chat(self, messages: list[ChatMessage]) -> ChatMessage:
        connection = self._require_open()[0]
        return await connection.chat(self.model, self.prepare_messages(messages), self.tool_specs())

    def _require_open(self) -> tuple[Any, list[Any], str | None]:
        if self._opened is None:
            raise InvalidValueError(f"The chat model setup for {self.model} is not open: call open() first", code="CHAT_MODEL_NOT_OPEN")
        return self._opened
