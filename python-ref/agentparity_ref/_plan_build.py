"""Compiling an agent into a plan. Mirrors `src/plan/buildPlan.ts`, `providerFor.ts`,
`discoverMcpTools.ts` and `reservedNames.ts`.
"""

from __future__ import annotations

from agentparity_ref._declaration_messages import quote

from typing import Any

from agentparity_ref._plan_agent import Agent, python_function_of
from agentparity_ref._plan_classes import DEFAULT_REGISTRY
from agentparity_ref._plan_model import (
    Action,
    AgentConfiguration,
    AgentPlan,
    DescriptorProvider,
    ResourceProvider,
    SerializableProvider,
)
from agentparity_ref._plan_registry import ClassRegistry, identity_text
from agentparity_ref.functions import PythonFunction
from agentparity_ref.mcp import McpPrompt, McpTool
from agentparity_ref.resources import RESOURCE_TYPES, ResourceDescriptor, ResourceType
from agentparity_ref.subagent import CALLABLE_NAME_PREFIX, SubagentSetup
from agentparity_ref.tools import FunctionTool, tool_metadata_of

BUILT_IN_ACTIONS_MODULE = "agentparity_ref.actions"

_DESCRIPTOR_KIND = {
    "python": "PythonResourceProvider",
    "java": "JavaResourceProvider",
    "typescript": "TypeScriptResourceProvider",
}


def built_in_actions() -> list[Action]:
    """The actions every plan has, after the agent's own: chat model, tool calls, context retrieval."""
    return [
        Action(
            "chat_model_action",
            PythonFunction(BUILT_IN_ACTIONS_MODULE, "process_chat_request_or_tool_response"),
            ["_chat_request_event", "_tool_response_event"],
            None,
        ),
        Action("tool_call_action", PythonFunction(BUILT_IN_ACTIONS_MODULE, "process_tool_request"), ["_tool_request_event"], None),
        Action(
            "context_retrieval_action",
            PythonFunction(BUILT_IN_ACTIONS_MODULE, "process_context_retrieval_request"),
            ["_context_retrieval_request_event"],
            None,
        ),
    ]


def check_tool_name_not_reserved(name: str) -> None:
    """Refuses a tool name under the sub-agent callable prefix: dispatch sends every prefixed call to AGENT."""
    if name.startswith(CALLABLE_NAME_PREFIX):
        msg = (
            f"Tool name '{name}' must not start with the reserved prefix "
            f"'{CALLABLE_NAME_PREFIX}', which identifies sub-agent callables."
        )
        raise ValueError(msg)


def check_advertised_tool_name(server: str, name: str) -> None:
    """The same check for a tool an MCP server chose the name of, naming the server."""
    try:
        check_tool_name_not_reserved(name)
    except ValueError as e:
        raise ValueError(f"MCP server '{server}' advertised a tool with a reserved name: {e}") from e


def _located(error: Exception, site: str | None) -> Exception:
    if site is not None and getattr(error, "path", None) is None:
        error.path = site  # type: ignore[attr-defined]
    return error


def provider_for(name: str, resource_type: ResourceType, value: Any, registry: ClassRegistry) -> ResourceProvider:
    """The provider of one declared resource; AGENT values that cannot be one are refused in the upstream words."""
    if isinstance(value, ResourceDescriptor):
        return DescriptorProvider(_DESCRIPTOR_KIND[value.language], name, resource_type, value)
    entry = registry.entry_for(value)
    if entry is not None and entry.restore is not None and entry.type == resource_type:
        return SerializableProvider("PythonSerializableResourceProvider", name, resource_type, entry.module, entry.clazz, value)
    type_name = type(value).__name__
    if resource_type == ResourceType.AGENT and isinstance(value, SubagentSetup):
        registry.entry_of(value)
    if resource_type == ResourceType.AGENT:
        raise TypeError(f"AGENT resource '{name}' must be a SubagentSetup or a ResourceDescriptor, but got {type_name}.")
    if entry is not None and entry.restore is not None:
        raise TypeError(f"{resource_type.value} resource '{name}' is a {type_name}, which makes {entry.type.value} resources")
    raise TypeError(
        f"{resource_type.value} resource '{name}' must be an instance of a registered class or a ResourceDescriptor, "
        f"but got {type_name}."
    )


def discover_mcp_tools(server: DescriptorProvider, registry: ClassRegistry) -> list[ResourceProvider]:
    """Asks an MCP server what it offers and files each prompt and tool as a resource of its own.

    The server chose the tool names, so each is checked against the reserved prefix here, and one
    reserved name fails the whole plan. The server is closed whatever happens.
    """
    descriptor = server.descriptor
    module, clazz = descriptor.target_module, descriptor.target_clazz
    if descriptor.language == "python":
        entry = registry.find(module, clazz)
    else:
        entry = registry.find_stand_in(descriptor.language, module, clazz)
    if entry is None or entry.create is None:
        raise ValueError(f"unknown class {quote(identity_text(module, clazz))}: it is not in the class registry")
    connection = entry.create(descriptor.arguments, server.name)
    if not hasattr(connection, "list_tools"):
        raise RuntimeError(f"class {quote(identity_text(module, clazz))} is not an MCP server")
    try:
        tools = connection.list_tools()
        prompts = connection.list_prompts()
    except Exception as e:
        raise RuntimeError(f"MCP server '{server.name}' could not be queried: {e}") from e
    finally:
        connection.close()
    providers = [
        provider_for(
            p["name"],
            ResourceType.PROMPT,
            McpPrompt(p["name"], p["title"], p["description"], p["arguments"], server.name),
            registry,
        )
        for p in prompts
    ]
    for tool in tools:
        check_advertised_tool_name(server.name, tool.name)
        providers.append(provider_for(tool.name, ResourceType.TOOL, McpTool(tool, server.name), registry))
    return providers


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
