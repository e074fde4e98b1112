"""The prompts and tools an MCP server advertises, as resources. Mirrors `src/plan/discoverMcpTools.ts`."""

from __future__ import annotations

from ..mcp.mcp_prompt import McpPrompt
from ..mcp.mcp_tool import McpTool
from ..resources.resource_type import ResourceType
from ..types.declaration_messages import quote
from .class_registry import ClassRegistry, identity_text
from .provider_for import provider_for
from .reserved_names import check_advertised_tool_name
from .resource_provider import DescriptorProvider, ResourceProvider
from ..errors import InvalidValueError
from .plan_errors import PlanBuildError


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
        raise InvalidValueError(f"unknown class {quote(identity_text(module, clazz))}: it is not in the class registry", code="CLASS_UNKNOWN")
    connection = entry.create(descriptor.arguments, server.name)
    if not hasattr(connection, "list_tools"):
        raise PlanBuildError(f"class {quote(identity_text(module, clazz))} is not an MCP server", code="MCP_NOT_A_SERVER")
    try:
        tools = connection.list_tools()
        prompts = connection.list_prompts()
    except Exception as e:
        raise PlanBuildError(f"MCP server '{server.name}' could not be queried: {e}", code="MCP_QUERY_FAILED") from e
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
