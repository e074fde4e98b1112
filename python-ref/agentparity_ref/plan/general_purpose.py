"""The opt-in general-purpose sub-agent. Mirrors `src/plan/generalPurpose.ts`."""

from __future__ import annotations

from ..resources.resource_type import ResourceType
from .agent import Agent
from .agent_plan import AgentConfiguration
from .declared_resources import DeclaredResource, declared_resources
from .react_agent import ReActAgent

GENERAL_PURPOSE = "general-purpose"
"""The name the opt-in general-purpose sub-agent is registered under."""
GENERAL_PURPOSE_KEY = "subagent.general-purpose"
"""The agent configuration key that opts in."""


def general_purpose_resource(agent: Agent, config: AgentConfiguration) -> list[DeclaredResource]:
    """Ours (the seed's automatic registration was never built upstream): with
    `subagent.general-purpose: true`, a root agent that has a chat model gets a ReActAgent on its
    first chat model, registered after its own resources as the AGENT `general-purpose`. A resource
    the agent declares under that name wins. Only the root gets one: child plans share the
    configuration, and a ReActAgent has a chat model of its own."""
    if config.conf_data.get(GENERAL_PURPOSE_KEY) is not True or GENERAL_PURPOSE in agent.resources(ResourceType.AGENT):
        return []
    model = next((r for r in declared_resources(agent) if r.type == ResourceType.CHAT_MODEL), None)
    if model is None:
        return []
    return [DeclaredResource(ResourceType.AGENT, GENERAL_PURPOSE, ReActAgent(chat_model=model.name), None)]
