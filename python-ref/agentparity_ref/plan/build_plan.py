"""Compiling an agent into a plan. Mirrors `src/plan/buildPlan.ts`."""

from __future__ import annotations

from ..resources.resource_type import ResourceType
from .agent import Agent
from .agent_plan import AgentConfiguration, AgentPlan
from .child_plans import ChildPlans
from .class_registry import ClassRegistry
from .collect_actions import collect_actions
from .declared_resources import declared_resources
from .default_registry import DEFAULT_REGISTRY
from .discover_mcp_tools import discover_mcp_tools
from .general_purpose import general_purpose_resource
from .internal_subagent_setup import InternalSubagentSetup, make_setup
from .locate_error import locate
from .provider_for import provider_for
from .reserved_names import check_tool_name_not_reserved
from .resource_provider import DescriptorProvider, ResourceProvider
from .subagent_metadata import subagent_metadata
from ..errors import InvalidValueError


def build_plan(
    agent: Agent,
    registry: ClassRegistry = DEFAULT_REGISTRY,
    config: AgentConfiguration | None = None,
    agent_name: str | None = None,
    child: bool = False,
) -> AgentPlan:
    """Compiles an agent into a plan: its declared and added actions, then the built-in ones; its
    resources by type then name. Tools may not take the sub-agent callable prefix (declared, added
    or advertised by an MCP server), AGENT resources must be sub-agent setups, descriptors or
    agents, and a name may appear once per type. An agent registered as an AGENT resource compiles
    into an internal sub-agent whose child plan shares this plan's configuration. With ``child``,
    the plan is a sub-agent's compiled on its own (a YAML ``agent_ref``): as a child plan, it gets
    no general-purpose sub-agent.
    """
    return _compile(agent, registry, config if config is not None else AgentConfiguration({}), agent_name, ChildPlans(agent), root=not child)


def _compile(
    agent: Agent, registry: ClassRegistry, config: AgentConfiguration, agent_name: str | None, children: ChildPlans, root: bool = False
) -> AgentPlan:
    actions = collect_actions(agent)
    providers = _collect_providers(agent, registry, config, children, root)
    name = agent_name if agent_name is not None else agent.name if agent.name is not None else type(agent).__name__
    return AgentPlan(actions, _group_by_type(providers), name, config)


def _internal_subagent(child: Agent, name: str, registry: ClassRegistry, config: AgentConfiguration, children: ChildPlans) -> InternalSubagentSetup:
    plan = children.get_or_compile(child, name, lambda agent: _compile(agent, registry, config, None, children))
    setup = make_setup(InternalSubagentSetup, child_plan=plan, scope=name, **subagent_metadata(child))
    assert isinstance(setup, InternalSubagentSetup)
    return setup


def _collect_providers(
    agent: Agent, registry: ClassRegistry, config: AgentConfiguration, children: ChildPlans, root: bool
) -> list[tuple[ResourceProvider, str | None]]:
    providers: list[tuple[ResourceProvider, str | None]] = []
    for declared in [*declared_resources(agent), *(general_purpose_resource(agent, config) if root else [])]:
        try:
            if declared.type == ResourceType.TOOL:
                check_tool_name_not_reserved(declared.name)
            value = declared.value
            if declared.type == ResourceType.AGENT and isinstance(value, Agent):
                value = _internal_subagent(value, declared.name, registry, config, children)
            provider = provider_for(declared.name, declared.type, value, registry)
            providers.append((provider, declared.site))
            if declared.type == ResourceType.MCP_SERVER and isinstance(provider, DescriptorProvider):
                providers.extend((found, declared.site) for found in discover_mcp_tools(provider, registry))
        except Exception as e:
            locate(e, declared.site)
            raise
    return providers


def _group_by_type(providers: list[tuple[ResourceProvider, str | None]]) -> dict[ResourceType, dict[str, ResourceProvider]]:
    groups: dict[ResourceType, dict[str, ResourceProvider]] = {}
    for provider, site in providers:
        group = groups.setdefault(provider.type, {})
        if provider.name in group:
            raise locate(InvalidValueError(f"Duplicate resource name: {provider.name}", code="RESOURCE_DUPLICATE"), site)
        group[provider.name] = provider
    return groups
