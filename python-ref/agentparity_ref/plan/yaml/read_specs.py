"""Readers of the specs of a YAML agents document. Mirrors `src/plan/yaml/readSpecs.ts`: the same
messages at the same paths, checked in the same order (unknown keys first, then each key in the
order read here).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ...chat.chat_message import MESSAGE_ROLES
from ...functions.function_descriptor import Language
from ...resources.resource_type import ResourceType
from ...types import declaration_messages as msg
from ...types.declaration_messages import quote
from ...types.declaration_tree import check_known_keys, child_path, expect_array, expect_object, expect_one_of, expect_string, fail, require_key
from .specs import LANGUAGES, ActionRef, ActionSpec, DescriptorSpec, PromptSpec, SkillsSpec, SubagentSpec, ToolSpec

T = TypeVar("T")


def items(node: dict[str, Any], key: str, path: str, read: Callable[[Any, str], T]) -> tuple[T, ...]:
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


def read_name(node: dict[str, Any], path: str) -> str:
    return expect_string(require_key(node, "name", path), child_path(path, "name"))


def read_action(tree: Any, path: str) -> ActionSpec:
    node = expect_object(tree, path)
    check_known_keys(node, ("name", "function", "trigger_conditions", "config", "type"), path)
    name = read_name(node, path)
    function = _optional_string(node, "function", path)
    triggers_path = child_path(path, "trigger_conditions")
    triggers = _strings(require_key(node, "trigger_conditions", path), triggers_path)
    if not triggers:
        fail(triggers_path, msg.Refusal("YAML_TRIGGERS_EMPTY", "expected at least one trigger condition"))
    for index, trigger in enumerate(triggers):
        if not trigger.strip():
            fail(child_path(triggers_path, index), msg.Refusal("YAML_TRIGGER_BLANK", "a trigger condition must not be blank"))
    config = node.get("config")
    if config is not None:
        expect_object(config, child_path(path, "config"))
    return ActionSpec(name, function, triggers, config, _language(node, path), path)


def read_agent_action(tree: Any, path: str) -> ActionSpec | ActionRef:
    return ActionRef(tree, path) if isinstance(tree, str) else read_action(tree, path)


def read_tool(tree: Any, path: str) -> ToolSpec:
    node = expect_object(tree, path)
    check_known_keys(node, ("name", "function", "type", "parameter_types", "injected_args"), path)
    name = read_name(node, path)
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
    name = read_name(node, path)
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
    name = read_name(node, path)
    text = _optional_string(node, "text", path)
    messages: tuple[dict[str, str], ...] | None = None
    if node.get("messages") is not None:
        messages = items(node, "messages", path, _read_message)
    if bool(text) == bool(messages):
        fail(path, msg.Refusal("YAML_PROMPT_TEXT_OR_MESSAGES", "prompt must define exactly one non-empty 'text' or 'messages'"))
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
    name = read_name(node, path)
    lists = {key: _strings(node[key], child_path(path, key)) if key in node else () for key in ("paths", "urls", "classpath")}
    package = items(node, "package", path, _read_package)
    if not (lists["paths"] or lists["urls"] or lists["classpath"] or package):
        fail(path, msg.Refusal("YAML_SKILLS_EMPTY", f"skills '{name}': at least one of paths/urls/classpath/package must be non-empty."))
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
    name = read_name(node, path)
    description = _optional_string(node, "description", path)
    input_schema = _optional_string(node, "input_schema", path)
    agent_ref = _optional_string(node, "agent_ref", path)
    external = "target_module" in node or "target_clazz" in node
    if agent_ref is not None and external:
        fail(child_path(path, "agent_ref"), msg.Refusal("YAML_SUBAGENT_AGENT_AND_CLASS", "a sub-agent names an agent (agent_ref) or a setup class (target_module, target_clazz), not both"))
    target_module = target_clazz = None
    arguments: dict[str, Any] | None = None
    if external:
        target_module = expect_string(require_key(node, "target_module", path), child_path(path, "target_module"))
        target_clazz = expect_string(require_key(node, "target_clazz", path), child_path(path, "target_clazz"))
        for key in _METADATA_KEYS:
            if key in node:
                fail(child_path(path, key), msg.Refusal("YAML_SUBAGENT_CLASS_METADATA", "a sub-agent with a setup class takes its description and schema from its \"arguments\""))
        arguments = expect_object(node.get("arguments", {}), child_path(path, "arguments"))
    else:
        for key in ("arguments", "type"):
            if key in node:
                fail(child_path(path, key), msg.Refusal("YAML_SUBAGENT_NEEDS_CLASS", f"{quote(key)} needs a setup class (target_module and target_clazz)"))
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
