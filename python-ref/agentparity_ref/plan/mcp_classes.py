"""The MCP classes plans name. Mirrors `src/plan/mcpClasses.ts`."""

from __future__ import annotations

from ..mcp.mcp_prompt import McpPrompt
from ..mcp.mcp_tool import McpTool
from ..mcp.stdio_mcp_server import StdioMcpServer
from ..resources.resource_type import ResourceType
from ..types.declaration_messages import quote
from .class_registry import ClassEntry, ClassRegistry
from .core_classes import read_tool_metadata
from .json_node import JsonNode


def _read_mcp_tool(node: JsonNode, _registry: ClassRegistry) -> McpTool:
    obj = node.as_object().allow_only(("name", "metadata", "mcp_server_name"))
    name_node = obj.required("name")
    metadata = read_tool_metadata(obj.required("metadata"))
    if name_node.as_string() != metadata.name:
        name_node.fail("PLAN_TOOL_NAME_MISMATCH", f"tool name {quote(name_node.as_string())} differs from its metadata name {quote(metadata.name)}")
    return McpTool(metadata, obj.required("mcp_server_name").as_string())


def _nullable_string(node: JsonNode) -> str | None:
    return None if node.is_null else node.as_string()


def _read_mcp_prompt(node: JsonNode, _registry: ClassRegistry) -> McpPrompt:
    obj = node.as_object().allow_only(("name", "title", "description", "prompt_arguments", "mcp_server_name"))
    name = obj.required("name").as_string()
    title = _nullable_string(obj.required("title"))
    description = _nullable_string(obj.required("description"))
    arguments = []
    for item in obj.required("prompt_arguments").as_array():
        argument = item.as_object().allow_only(("name", "description", "required"))
        arguments.append(
            {
                "name": argument.required("name").as_string(),
                "description": _nullable_string(argument.required("description")),
                "required": argument.required("required").as_boolean(),
            }
        )
    return McpPrompt(name, title, description, arguments, obj.required("mcp_server_name").as_string())


MCP_CLASSES: tuple[ClassEntry, ...] = (
    ClassEntry("agentparity_ref.mcp", "McpTool", ResourceType.TOOL, McpTool, restore=_read_mcp_tool),
    ClassEntry("agentparity_ref.mcp", "McpPrompt", ResourceType.PROMPT, McpPrompt, restore=_read_mcp_prompt),
    ClassEntry(
        "agentparity_ref.mcp",
        "StdioMcpServer",
        ResourceType.MCP_SERVER,
        StdioMcpServer,
        create=StdioMcpServer.from_arguments,
        # The server is another process reached over the same protocol, so the TypeScript
        # runtime's stdio server names the same thing.
        stands_for=(("typescript", "agentparity/mcp", "StdioMcpServer"),),
    ),
)
