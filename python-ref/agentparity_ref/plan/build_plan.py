"""Compiling an agent into a plan. Mirrors `src/plan/buildPlan.ts`."""

from __future__ import annotations

from ..resources.resource_type import RESOURCE_TYPES, ResourceType
from ..tools import FunctionTool, tool_metadata_of
from .action import Action
from .agent import Agent, python_function_of
from .agent_plan import AgentConfiguration, AgentPlan
from .built_in_actions import built_in_actions
from .class_registry import ClassRegistry
from .default_registry import DEFAULT_REGISTRY
from .discover_mcp_tools import discover_mcp_tools
from .provider_for import provider_for
from .reserved_names import check_tool_name_not_reserved
from .resource_provider import DescriptorProvider, ResourceProvider


def _located(error: Exception, site: str | None) -> Exception:
    if site is not None and getattr(error, "path", None) is None:
        error.path = site  # type: ignore[attr-defined]
    return error


def build_plan(
    agent: Agent,
    registry: ClassRegistry = DEFAULT_REGISTRY,
    config: AgentConfiguration | None = None,
    agent_name: str | None = None,
) -> AgentPlan:
    """Compiles an agent into a plan: its declared and added actions, then the built-in ones; its
    resources by type then name. Tools may not take the sub-agent callable prefix (declared, added
    or advertised by an MCP server), AGENT resources must be sub-agent setups or descriptors, and a
    name may appear once per type.
    """
    actions = _collect_actions(agent)
    providers = _collect_providers(agent, registry)
    return AgentPlan(
        actions,
        _group_by_type(providers),
        agent_name if agent_name is not None else agent.name if agent.name is not None else type(agent).__name__,
        config if config is not None else AgentConfiguration({}),
    )


def _collect_actions(agent: Agent) -> dict[str, Action]:
    listed: list[tuple[Action, str | None]] = []
    for name, func in agent.declared_members():
        if hasattr(func, "_agent_action"):
            listed.append((Action(name, python_function_of(func), list(func._agent_action), None), None))
    for name, declared in agent.actions.items():
        value = declared.value
        listed.append((Action(name, value.exec, list(value.trigger_conditions), value.config), declared.site))
    listed.extend((a, None) for a in built_in_actions())
    actions: dict[str, Action] = {}
    for action, site in listed:
        if action.name in actions:
            raise _located(RuntimeError(f"Duplicate action name: {action.name}"), site)
        actions[action.name] = action
    return actions


def _collect_providers(agent: Agent, registry: ClassRegistry) -> list[tuple[ResourceProvider, str | None]]:
    providers: list[tuple[ResourceProvider, str | None]] = []
    for name, func in agent.declared_members():
        if hasattr(func, "_agent_tool"):
            check_tool_name_not_reserved(name)
            tool = FunctionTool(name, python_function_of(func), tool_metadata_of(name, func))
            providers.append((provider_for(name, ResourceType.TOOL, tool, registry), None))
    for resource_type in RESOURCE_TYPES:
        for name, declared in agent.resources(resource_type).items():
            try:
                if resource_type == ResourceType.TOOL:
                    check_tool_name_not_reserved(name)
                provider = provider_for(name, resource_type, declared.value, registry)
                providers.append((provider, declared.site))
                if resource_type == ResourceType.MCP_SERVER and isinstance(provider, DescriptorProvider):
                    providers.extend((found, declared.site) for found in discover_mcp_tools(provider, registry))
            except Exception as e:
                _located(e, declared.site)
                raise
    return providers


def _group_by_type(providers: list[tuple[ResourceProvider, str | None]]) -> dict[ResourceType, dict[str, ResourceProvider]]:
    groups: dict[ResourceType, dict[str, ResourceProvider]] = {}
    for provider, site in providers:
        group = groups.setdefault(provider.type, {})
        if provider.name in group:
            raise _located(ValueError(f"Duplicate resource name: {provider.name}"), site)
        group[provider.name] = provider
    return groups
