"""What an agent declares, in plan order. Mirrors `src/plan/declaredResources.ts`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..resources.resource_type import RESOURCE_TYPES, ResourceType
from ..tools.function_tool import FunctionTool, tool_metadata_of
from .agent import Agent, python_function_of


@dataclass(frozen=True)
class DeclaredResource:
    """One resource as an agent declares it: a live instance or a descriptor, and where it was declared."""

    type: ResourceType
    name: str
    value: Any
    site: str | None


def declared_resources(agent: Agent) -> list[DeclaredResource]:
    """The tools the agent's class declares with ``@tool``, then the resources added to it, type by type."""
    found = [
        DeclaredResource(ResourceType.TOOL, name, FunctionTool(name, python_function_of(func), tool_metadata_of(name, func)), None)
        for name, func in agent.declared_members()
        if hasattr(func, "_agent_tool")
    ]
    for resource_type in RESOURCE_TYPES:
        found.extend(DeclaredResource(resource_type, name, d.value, d.site) for name, d in agent.resources(resource_type).items())
    return found
