"""Reading plan JSON in the upstream layouts. Mirrors `src/plan/readPlan.ts`."""

from __future__ import annotations

import json
from typing import Any

from ..functions.function_descriptor import Language
from ..pyjson.json_pointer import child_pointer
from ..resources.resource_type import ResourceType
from ..types.declaration_messages import quote
from .action import Action
from .agent_plan import ABSENT, AgentConfiguration, AgentPlan
from .class_registry import ClassRegistry
from .json_node import JsonNode, PlanReadError
from .key_order import remember_key_order
from .read_function import read_function
from .read_provider import PlanReadContext, read_provider, read_resource_type
from .resource_provider import ResourceProvider


def parse_plan_text(text: str) -> Any:
    """The JSON value of plan text, or a read error saying where the text stops being JSON."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise PlanReadError(f"plan text is not valid JSON: {e.msg} (line {e.lineno}, column {e.colno})", "", code="PLAN_NOT_JSON") from e


def read_plan(source: str | Any, registry: ClassRegistry, language: Language = "python") -> AgentPlan:
    """Reads a plan from text or a parsed value; every problem is a ``PlanReadError`` with a pointer."""
    value = parse_plan_text(source) if isinstance(source, str) else source
    return read_plan_node(JsonNode(value, ""), PlanReadContext(registry, language))


def read_plan_node(root: JsonNode, context: PlanReadContext) -> AgentPlan:
    obj = root.as_object().allow_only(("actions", "resource_providers", "agent_name", "config"))
    actions = {key: read_action(node, key) for key, node in obj.required("actions").as_object().members()}
    providers_node = obj.optional("resource_providers")
    agent_name_node = obj.optional("agent_name")
    config_node = obj.optional("config")
    plan = AgentPlan(
        actions,
        ABSENT if providers_node is None else _read_providers(providers_node, context),
        ABSENT if agent_name_node is None else (None if agent_name_node.is_null else agent_name_node.as_string()),
        ABSENT if config_node is None else (None if config_node.is_null else _read_config(config_node)),
    )
    remember_key_order(plan, obj.keys)
    return plan


def read_action(node: JsonNode, key: str) -> Action:
    obj = node.as_object().allow_only(("name", "exec", "trigger_conditions", "config"))
    name_node = obj.required("name")
    name = name_node.as_string()
    if name != key:
        name_node.fail("PLAN_ACTION_NAME_MISMATCH", f"action name {quote(name)} does not match its key {quote(key)}")
    config = obj.optional("config")
    action = Action(
        name,
        read_function(obj.required("exec")),
        obj.required("trigger_conditions").as_string_array(),
        ABSENT if config is None else config.value,
    )
    remember_key_order(action, obj.keys)
    return action


def _read_providers(node: JsonNode, context: PlanReadContext) -> dict[ResourceType, dict[str, ResourceProvider]]:
    groups: dict[ResourceType, dict[str, ResourceProvider]] = {}
    for type_key, group_node in node.as_object().members():
        resource_type = read_resource_type(JsonNode(type_key, child_pointer(node.pointer, type_key)))
        groups[resource_type] = {
            name: read_provider(provider_node, resource_type, name, context, read_plan_node)
            for name, provider_node in group_node.as_object().members()
        }
    return groups


def _read_config(node: JsonNode) -> AgentConfiguration:
    obj = node.as_object().allow_only(("conf_data",))
    config = AgentConfiguration(obj.required("conf_data").as_object().entries)
    remember_key_order(config, obj.keys)
    return config
