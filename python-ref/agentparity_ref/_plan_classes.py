"""The classes of the Python reference that plans name. Mirrors `src/plan/coreClasses.ts`,
`mcpClasses.ts` and `defaultRegistry.ts`.
"""

from __future__ import annotations

from agentparity_ref._declaration_messages import quote

from agentparity_ref._plan_internal import SUBAGENT_CLASSES
from agentparity_ref._plan_json_node import JsonNode
from agentparity_ref._plan_read import read_function
from agentparity_ref._plan_registry import ClassEntry, ClassRegistry
from agentparity_ref.mcp import McpPrompt, McpTool, StdioMcpServer
from agentparity_ref.resources import MESSAGE_ROLES, Prompt, ResourceType, Skills
from agentparity_ref.tools import FunctionTool, ToolMetadata


def read_tool_metadata(node: JsonNode) -> ToolMetadata:
    obj = node.as_object().allow_only(("name", "description", "args_schema"))
    return ToolMetadata(
        obj.required("name").as_string(),
        obj.required("description").as_string(),
        obj.required("args_schema").as_object().entries,
    )


def _read_function_tool(node: JsonNode, _registry: ClassRegistry) -> FunctionTool:
    obj = node.as_object().allow_only(("name", "metadata", "func", "injected_args"))
    name = obj.required("name").as_string()
    metadata = obj.required("metadata")
    func = read_function(obj.required("func"))
    injected = obj.optional("injected_args")
    injected_args = {arg: value.as_object().entries for arg, value in injected.as_object().members()} if injected else {}
    return FunctionTool(name, func, None if metadata.is_null else read_tool_metadata(metadata), injected_args)


def _read_prompt(node: JsonNode, _registry: ClassRegistry) -> Prompt:
    obj = node.as_object().allow_only(("text", "messages"))
    text = obj.required("text")
    messages = obj.required("messages")
    if text.is_null == messages.is_null:
        node.fail("a prompt has exactly one of 'text' and 'messages'")
    if not text.is_null:
        return Prompt.from_text(text.as_string())
    read: list[dict[str, str]] = []
    for item in messages.as_array():
        message = item.as_object().allow_only(("role", "content"))
        role = message.required("role")
        if role.as_string() not in MESSAGE_ROLES:
            role.fail(f"unknown message role {quote(role.as_string())}")
        read.append({"role": role.as_string(), "content": message.required("content").as_string()})
    return Prompt.from_messages(read)


def _read_skills(node: JsonNode, _registry: ClassRegistry) -> Skills:
    obj = node.as_object().allow_only(("paths", "urls", "classpath", "package"))
    packages = []
    for item in obj.required("package").as_array():
        entry = item.as_object().allow_only(("package", "resource"))
        packages.append({"package": entry.required("package").as_string(), "resource": entry.required("resource").as_string()})
    return Skills(
        obj.required("paths").as_string_array(),
        obj.required("urls").as_string_array(),
        obj.required("classpath").as_string_array(),
        packages,
    )


def _read_mcp_tool(node: JsonNode, _registry: ClassRegistry) -> McpTool:
    obj = node.as_object().allow_only(("name", "metadata", "mcp_server_name"))
    name_node = obj.required("name")
    metadata = read_tool_metadata(obj.required("metadata"))
    if name_node.as_string() != metadata.name:
        name_node.fail(f"tool name {quote(name_node.as_string())} differs from its metadata name {quote(metadata.name)}")
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


CORE_CLASSES: tuple[ClassEntry, ...] = (
    ClassEntry("agentparity_ref.tools", "FunctionTool", ResourceType.TOOL, FunctionTool, restore=_read_function_tool),
    ClassEntry("agentparity_ref.resources", "Prompt", ResourceType.PROMPT, Prompt, restore=_read_prompt),
    ClassEntry("agentparity_ref.resources", "Skills", ResourceType.SKILLS, Skills, restore=_read_skills),
)

# Upstream Python plans name their function tool class; its serialized form is the same as ours.
UPSTREAM_CLASSES: tuple[ClassEntry, ...] = (
    ClassEntry("flink_agents.plan.tools.function_tool", "FunctionTool", ResourceType.TOOL, FunctionTool, restore=_read_function_tool),
)

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

DEFAULT_REGISTRY = ClassRegistry([*CORE_CLASSES, *MCP_CLASSES, *SUBAGENT_CLASSES, *UPSTREAM_CLASSES])
