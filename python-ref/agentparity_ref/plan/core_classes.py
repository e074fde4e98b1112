"""The plain resources of the Python reference, as plans name them. Mirrors `src/plan/coreClasses.ts`."""

from __future__ import annotations

from ..chat.chat_message import MESSAGE_ROLES
from ..resources.prompt import Prompt
from ..resources.resource_type import ResourceType
from ..resources.skills import Skills
from ..tools.function_tool import FunctionTool
from ..tools.tool_metadata import ToolMetadata
from ..types.declaration_messages import quote
from .class_registry import ClassEntry, ClassRegistry
from .json_node import JsonNode
from .read_function import read_function


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
        node.fail("PLAN_PROMPT_TEXT_OR_MESSAGES", "a prompt has exactly one of 'text' and 'messages'")
    if not text.is_null:
        return Prompt.from_text(text.as_string())
    read: list[dict[str, str]] = []
    for item in messages.as_array():
        message = item.as_object().allow_only(("role", "content"))
        role = message.required("role")
        if role.as_string() not in MESSAGE_ROLES:
            role.fail("PLAN_MESSAGE_ROLE_UNKNOWN", f"unknown message role {quote(role.as_string())}")
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


CORE_CLASSES: tuple[ClassEntry, ...] = (
    ClassEntry("agentparity_ref.tools", "FunctionTool", ResourceType.TOOL, FunctionTool, restore=_read_function_tool),
    ClassEntry("agentparity_ref.resources", "Prompt", ResourceType.PROMPT, Prompt, restore=_read_prompt),
    ClassEntry("agentparity_ref.resources", "Skills", ResourceType.SKILLS, Skills, restore=_read_skills),
)

# Upstream Python plans name their function tool class; its serialized form is the same as ours.
UPSTREAM_CLASSES: tuple[ClassEntry, ...] = (
    ClassEntry("flink_agents.plan.tools.function_tool", "FunctionTool", ResourceType.TOOL, FunctionTool, restore=_read_function_tool),
)
