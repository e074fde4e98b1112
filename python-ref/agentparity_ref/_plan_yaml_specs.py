"""Reading a YAML agents document (the upstream format of docs/yaml-schema.json, extended with
``subagents:`` and a ``types:`` block) into checked specs. Mirrors `src/plan/yaml/readSpecs.ts`
and `readAgentsDocument.ts`: the same messages, paths and walk order (the keys of each object in
the order the tables below list them, items by index).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from agentparity_ref._declaration_messages import DeclarationError, quote
from agentparity_ref._declaration_tree import (
    check_known_keys,
    child_path,
    expect_array,
    expect_object,
    expect_one_of,
    expect_string,
    fail,
    require_key,
)
from agentparity_ref.resources import MESSAGE_ROLES, Language, ResourceType
from agentparity_ref.types import Declaration, read_declaration

T = TypeVar("T")

LANGUAGES: tuple[Language, ...] = ("python", "java", "typescript")

# The descriptor lists, in the order they are read and built, with the type each one declares.
DESCRIPTOR_LISTS: tuple[tuple[str, ResourceType], ...] = (
    ("chat_model_connections", ResourceType.CHAT_MODEL_CONNECTION),
    ("chat_model_setups", ResourceType.CHAT_MODEL),
    ("embedding_model_connections", ResourceType.EMBEDDING_MODEL_CONNECTION),
    ("embedding_model_setups", ResourceType.EMBEDDING_MODEL),
    ("vector_stores", ResourceType.VECTOR_STORE),
    ("mcp_servers", ResourceType.MCP_SERVER),
)
_DESCRIPTOR_KEYS = tuple(attr for attr, _ in DESCRIPTOR_LISTS)
_RESOURCE_KEYS = ("prompts", "tools", "skills", "actions", *_DESCRIPTOR_KEYS, "subagents")
DOCUMENT_KEYS = ("agents", *_RESOURCE_KEYS, "types")
AGENT_KEYS = ("name", "description", *_RESOURCE_KEYS)


@dataclass(frozen=True)
class ActionSpec:
    name: str
    function: str | None
    trigger_conditions: tuple[str, ...]
    config: dict[str, Any] | None
    type: Language | None
    path: str


@dataclass(frozen=True)
class ActionRef:
    """An agent's reference, by name, to an action declared at the file level."""

    name: str
    path: str


@dataclass(frozen=True)
class ToolSpec:
    name: str
    function: str | None
    type: Language | None
    parameter_types: tuple[str, ...] | None
    injected_args: dict[str, Any]
    path: str


@dataclass(frozen=True)
class DescriptorSpec:
    name: str
    clazz: str
    type: Language | None
    arguments: dict[str, Any]
    """Every other key, in written order: the resource's constructor arguments."""
    path: str


@dataclass(frozen=True)
class PromptSpec:
    name: str
    text: str | None
    messages: tuple[dict[str, str], ...] | None
    path: str


@dataclass(frozen=True)
class SkillsSpec:
    name: str
    paths: tuple[str, ...]
    urls: tuple[str, ...]
    classpath: tuple[str, ...]
    package: tuple[dict[str, str], ...]
    path: str


@dataclass(frozen=True)
class SubagentSpec:
    """An AGENT resource: an internal agent (``agent_ref``), an external setup class
    (``target_module`` + ``target_clazz`` + ``arguments``), or a setup declared in place."""

    name: str
    description: str | None
    input_schema: str | None
    input_type: Any
    result_type: Any
    agent_ref: str | None
    target_module: str | None
    target_clazz: str | None
    arguments: dict[str, Any] | None
    type: Language | None
    path: str


@dataclass(frozen=True)
class ResourceSpecs:
    """What an agent, or the file level, declares."""

    prompts: tuple[PromptSpec, ...] = ()
    tools: tuple[ToolSpec, ...] = ()
    skills: tuple[SkillsSpec, ...] = ()
    actions: tuple[ActionSpec | ActionRef, ...] = ()
    descriptors: dict[str, tuple[DescriptorSpec, ...]] = field(default_factory=dict)
    subagents: tuple[SubagentSpec, ...] = ()


@dataclass(frozen=True)
class AgentSpec:
    name: str
    resources: ResourceSpecs
    path: str


@dataclass(frozen=True)
class AgentsDocument:
    source: str
    """The file the document came from, as messages name it."""
    agents: tuple[AgentSpec, ...]
    shared: ResourceSpecs
    types: Declaration | None


def _items(node: dict[str, Any], key: str, path: str, read: Callable[[Any, str], T]) -> tuple[T, ...]:
    if key not in node:
        return ()
    list_path = child_path(path, key)
    return tuple(read(item, child_path(list_path, index)) for index, item in enumerate(expect_array(node[key], list_path)))


def _optional_string(node: dict[str, Any], key: str, path: str) -> str | None:
    value = node.get(key)
    return None if value is None else expect_string(value, child_path(path, key))


def _language(node: dict[str, Any], path: str) -> Language | None:
    value = node.get("type")
    return None if value is None else expect_one_of(value, LANGUAGES, child_path(path, "type"))


def _strings(value: Any, path: str) -> tuple[str, ...]:
    return tuple(expect_string(item, child_path(path, index)) for index, item in enumerate(expect_array(value, path)))


def _name(node: dict[str, Any], path: str) -> str:
    return expect_string(require_key(node, "name", path), child_path(path, "name"))


def read_action(tree: Any, path: str) -> ActionSpec:
    node = expect_object(tree, path)
    check_known_keys(node, ("name", "function", "trigger_conditions", "config", "type"), path)
    name = _name(node, path)
    function = _optional_string(node, "function", path)
    triggers_path = child_path(path, "trigger_conditions")
    triggers = _strings(require_key(node, "trigger_conditions", path), triggers_path)
    if not triggers:
        fail(triggers_path, "expected at least one trigger condition")
    for index, trigger in enumerate(triggers):
        if not trigger.strip():
            fail(child_path(triggers_path, index), "a trigger condition must not be blank")
    config = node.get("config")
    if config is not None:
        expect_object(config, child_path(path, "config"))
    return ActionSpec(name, function, triggers, config, _language(node, path), path)


def _read_agent_action(tree: Any, path: str) -> ActionSpec | ActionRef:
    return ActionRef(tree, path) if isinstance(tree, str) else read_action(tree, path)


def read_tool(tree: Any, path: str) -> ToolSpec:
    node = expect_object(tree, path)
    check_known_keys(node, ("name", "function", "type", "parameter_types", "injected_args"), path)
    name = _name(node, path)
    function = _optional_string(node, "function", path)
    language = _language(node, path)
    types = node.get("parameter_types")
    parameter_types = None if types is None else _strings(types, child_path(path, "parameter_types"))
    injected: dict[str, Any] = {}
    if "injected_args" in node:
        injected_path = child_path(path, "injected_args")
        for arg, value in expect_object(node["injected_args"], injected_path).items():
            injected[arg] = expect_object(value, child_path(injected_path, arg))
    return ToolSpec(name, function, language, parameter_types, injected, path)


def read_descriptor(tree: Any, path: str, resource_type: ResourceType) -> DescriptorSpec:
    node = expect_object(tree, path)
    name = _name(node, path)
    clazz = expect_string(require_key(node, "clazz", path), child_path(path, "clazz"))
    language = _language(node, path)
    arguments = {key: value for key, value in node.items() if key not in ("name", "clazz", "type")}
    # `subagents:` is this project's key on chat-model setups: the AGENT resources they delegate to.
    if resource_type == ResourceType.CHAT_MODEL and "subagents" in arguments:
        _strings(arguments["subagents"], child_path(path, "subagents"))
    return DescriptorSpec(name, clazz, language, arguments, path)


def read_prompt(tree: Any, path: str) -> PromptSpec:
    node = expect_object(tree, path)
    check_known_keys(node, ("name", "text", "messages"), path)
    name = _name(node, path)
    text = _optional_string(node, "text", path)
    messages: tuple[dict[str, str], ...] | None = None
    if node.get("messages") is not None:
        messages = _items(node, "messages", path, _read_message)
    if bool(text) == bool(messages):
        fail(path, "prompt must define exactly one non-empty 'text' or 'messages'")
    return PromptSpec(name, text, messages, path)


def _read_message(tree: Any, path: str) -> dict[str, str]:
    node = expect_object(tree, path)
    check_known_keys(node, ("role", "content"), path)
    role = expect_one_of(node.get("role", "user"), MESSAGE_ROLES, child_path(path, "role"))
    content = expect_string(require_key(node, "content", path), child_path(path, "content"))
    return {"role": role, "content": content}


def read_skills(tree: Any, path: str) -> SkillsSpec:
    node = expect_object(tree, path)
    check_known_keys(node, ("name", "paths", "urls", "classpath", "package"), path)
    name = _name(node, path)
    lists = {key: _strings(node[key], child_path(path, key)) if key in node else () for key in ("paths", "urls", "classpath")}
    package = _items(node, "package", path, _read_package)
    if not (lists["paths"] or lists["urls"] or lists["classpath"] or package):
        fail(path, f"skills '{name}': at least one of paths/urls/classpath/package must be non-empty.")
    return SkillsSpec(name, lists["paths"], lists["urls"], lists["classpath"], package, path)


def _read_package(tree: Any, path: str) -> dict[str, str]:
    node = expect_object(tree, path)
    check_known_keys(node, ("package", "resource"), path)
    return {
        "package": expect_string(require_key(node, "package", path), child_path(path, "package")),
        "resource": expect_string(require_key(node, "resource", path), child_path(path, "resource")),
    }


_SUBAGENT_KEYS = (
    "name",
    "description",
    "input_schema",
    "input_type",
    "result_type",
    "agent_ref",
    "target_module",
    "target_clazz",
    "arguments",
    "type",
)
_METADATA_KEYS = ("description", "input_schema", "input_type", "result_type")


def read_subagent(tree: Any, path: str) -> SubagentSpec:
    node = expect_object(tree, path)
    check_known_keys(node, _SUBAGENT_KEYS, path)
    name = _name(node, path)
    description = _optional_string(node, "description", path)
    input_schema = _optional_string(node, "input_schema", path)
    agent_ref = _optional_string(node, "agent_ref", path)
    external = "target_module" in node or "target_clazz" in node
    if agent_ref is not None and external:
        fail(child_path(path, "agent_ref"), "a sub-agent names an agent (agent_ref) or a setup class (target_module, target_clazz), not both")
    target_module = target_clazz = None
    arguments: dict[str, Any] | None = None
    if external:
        target_module = expect_string(require_key(node, "target_module", path), child_path(path, "target_module"))
        target_clazz = expect_string(require_key(node, "target_clazz", path), child_path(path, "target_clazz"))
        for key in _METADATA_KEYS:
            if key in node:
                fail(child_path(path, key), "a sub-agent with a setup class takes its description and schema from its \"arguments\"")
        arguments = expect_object(node.get("arguments", {}), child_path(path, "arguments"))
    else:
        for key in ("arguments", "type"):
            if key in node:
                fail(child_path(path, key), f"{quote(key)} needs a setup class (target_module and target_clazz)")
    return SubagentSpec(
        name,
        description,
        input_schema,
        node.get("input_type"),
        node.get("result_type"),
        agent_ref,
        target_module,
        target_clazz,
        arguments,
        _language(node, path),
        path,
    )


def _read_resources(node: dict[str, Any], path: str, agent_level: bool) -> ResourceSpecs:
    prompts = _items(node, "prompts", path, read_prompt)
    tools = _items(node, "tools", path, read_tool)
    skills = _items(node, "skills", path, read_skills)
    actions = _items(node, "actions", path, _read_agent_action if agent_level else read_action)
    descriptors = {
        attr: _items(node, attr, path, lambda tree, item_path, t=resource_type: read_descriptor(tree, item_path, t))
        for attr, resource_type in DESCRIPTOR_LISTS
    }
    subagents = _items(node, "subagents", path, read_subagent)
    return ResourceSpecs(prompts, tools, skills, actions, descriptors, subagents)


def read_agent(tree: Any, path: str) -> AgentSpec:
    node = expect_object(tree, path)
    check_known_keys(node, AGENT_KEYS, path)
    name = _name(node, path)
    if node.get("description") is not None:
        expect_string(node["description"], child_path(path, "description"))
    return AgentSpec(name, _read_resources(node, path, agent_level=True), path)


def _read_types(tree: Any, path: str) -> Declaration:
    try:
        return read_declaration(tree)
    except DeclarationError as error:
        # The declaration reader reports paths from its own root; put them under `types`.
        inner = error.path or "$"
        raise DeclarationError(error.message, path + inner[1:]) from error


def read_agents_document(tree: Any, source: str) -> AgentsDocument:
    """Checks a YAML agents document; the first problem, in walk order, is a ``DeclarationError``."""
    if tree is None:
        raise DeclarationError(f"YAML file {source} is empty", "$")
    node = expect_object(tree, "$")
    check_known_keys(node, DOCUMENT_KEYS, "$")
    agents = _items(node, "agents", "$", read_agent)
    shared = _read_resources(node, "$", agent_level=False)
    types = _read_types(node["types"], "$.types") if "types" in node else None
    return AgentsDocument(source, agents, shared, types)
