"""An agent of a `run_internal` declaration. Mirrors conformance/areas/internal/reactAgentSpec.ts."""

from __future__ import annotations

from typing import Any

from ...chat.chat_model_setup import ChatModelSetup
from ...chat.scripted_connection import ScriptedConnection, ScriptedTurn
from ...plan.agent import Agent
from ...plan.react_agent import ReActAgent
from ...resources.resource_type import ResourceType


def declared_agent(name: str, spec: dict[str, Any]) -> Agent:
    """A plain agent, or with `react: {turns, subagents?, description?, input_schema?}` a ReActAgent
    on a scripted model (connection `model`) that plays the turns and may delegate to the named
    AGENT resources."""
    react = spec.get("react")
    if react is None:
        return Agent(name)
    agent = ReActAgent(
        chat_model=ChatModelSetup(connection="model", model=name, subagents=list(react.get("subagents") or [])),
        subagent_description=react.get("description"),
        subagent_input_schema=react.get("input_schema"),
        name=name,
    )
    turns = [ScriptedTurn(t.get("content") or "", list(t.get("tool_calls") or [])) for t in react.get("turns") or []]
    agent.add_resource("model", ResourceType.CHAT_MODEL_CONNECTION, ScriptedConnection(turns))
    return agent
