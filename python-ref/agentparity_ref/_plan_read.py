"""Reading plans in the upstream layout (Python's, Java's or ours). Mirrors `src/plan/readPlan.ts`,
`readFunction.ts` and `readProvider.ts`: same messages, same pointers, same order of checks.
"""

from __future__ import annotations

from agentparity_ref._declaration_messages import quote

import json
from dataclasses import dataclass
from typing import Any

from agentparity_ref._plan_json_node import JsonNode, ObjectNode, PlanReadError, child_pointer
from agentparity_ref._plan_model import (
    ABSENT,
    DESCRIPTOR_PROVIDER_KINDS,
    SERIALIZABLE_PROVIDER_KINDS,
    Action,
    AgentConfiguration,
    AgentPlan,
    DescriptorProvider,
    OpaqueResource,
    ResourceProvider,
    SerializableProvider,
    provider_language,
    remember_key_order,
)
from agentparity_ref._plan_registry import ClassRegistry
from agentparity_ref.functions import FunctionDescriptor, JavaFunction, PythonFunction, TypeScriptFunction
from agentparity_ref.resources import Language, ResourceDescriptor, ResourceType, is_resource_type

_FUNCTION_FIELDS = {
    "PythonFunction": ("func_type", "module", "qualname"),
    "JavaFunction": ("func_type", "qualname", "method_name", "parameter_types"),
    "TypeScriptFunction": ("func_type", "module", "qualname"),
}
_KIND_KEY = "__resource_provider_type__"


@dataclass(frozen=True)
class PlanReadContext:
    """What a plan is read against: the classes it may name, and which language is "this side"."""

    registry: ClassRegistry
    language: Language = "python"


def parse_plan_text(text: str) -> Any:
    """The JSON value of plan text, or a read error saying where the text stops being JSON."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise PlanReadError(f"plan text is not valid JSON: {e.msg} (line {e.lineno}, column {e.colno})", "") from e


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


def read_function(node: JsonNode) -> FunctionDescriptor:
    """Reads a function descriptor (``exec``, a tool's ``func``): the kind first, then its fields."""
    obj = node.as_object()
    type_node = obj.required("func_type")
    func_type = type_node.as_string()
    if func_type not in _FUNCTION_FIELDS:
        type_node.fail(f"unknown function type {quote(func_type)}")
    obj.allow_only(_FUNCTION_FIELDS[func_type])
    descriptor: FunctionDescriptor
    if func_type == "JavaFunction":
        descriptor = JavaFunction(
            obj.required("qualname").as_string(),
            obj.required("method_name").as_string(),
            tuple(obj.required("parameter_types").as_string_array()),
        )
    else:
        module = obj.required("module").as_string()
        qualname = obj.required("qualname").as_string()
        descriptor = PythonFunction(module, qualname) if func_type == "PythonFunction" else TypeScriptFunction(module, qualname)
    remember_key_order(descriptor, obj.keys)
    return descriptor


def read_action(node: JsonNode, key: str) -> Action:
    obj = node.as_object().allow_only(("name", "exec", "trigger_conditions", "config"))
    name_node = obj.required("name")
    name = name_node.as_string()
    if name != key:
        name_node.fail(f"action name {quote(name)} does not match its key {quote(key)}")
    config = obj.optional("config")
    action = Action(
        name,
        read_function(obj.required("exec")),
        obj.required("trigger_conditions").as_string_array(),
        ABSENT if config is None else config.value,
    )
    remember_key_order(action, obj.keys)
    return action


def read_resource_type(node: JsonNode) -> ResourceType:
    value = node.as_string()
    if not is_resource_type(value):
        node.fail(f"unknown resource type {quote(value)}")
    return ResourceType(value)


def read_descriptor(node: JsonNode, language: Language) -> ResourceDescriptor:
    obj = node.as_object().allow_only(("target_module", "target_clazz", "arguments"))
    descriptor = ResourceDescriptor(
        obj.required("target_module").as_string(),
        obj.required("target_clazz").as_string(),
        obj.required("arguments").as_object().entries,
        language,
    )
    remember_key_order(descriptor, obj.keys)
    return descriptor


def read_provider(node: JsonNode, group: ResourceType, key: str, context: PlanReadContext) -> ResourceProvider:
    """Reads one provider filed under ``group`` and ``key``.

    A serializable resource of this side's language is restored through the registry (its own
    validation runs again); one of another language is kept as an opaque handle.
    """
    obj = node.as_object()
    kind_node = obj.required(_KIND_KEY)
    kind = kind_node.as_string()
    provider: ResourceProvider
    if kind in DESCRIPTOR_PROVIDER_KINDS:
        provider = _read_descriptor_provider(obj, kind, group, key)
    elif kind in SERIALIZABLE_PROVIDER_KINDS:
        provider = _read_serializable_provider(obj, kind, group, key, context)
    else:
        kind_node.fail(f"unknown resource provider type {quote(kind)}")
    remember_key_order(provider, obj.keys)
    return provider


def _read_name_and_type(obj: ObjectNode, group: ResourceType, key: str) -> tuple[str, ResourceType]:
    name_node = obj.required("name")
    name = name_node.as_string()
    type_node = obj.required("type")
    resource_type = read_resource_type(type_node)
    if name != key:
        name_node.fail(f"resource name {quote(name)} does not match its key {quote(key)}")
    if resource_type != group:
        type_node.fail(f"resource type {quote(resource_type.value)} does not match its group {quote(group.value)}")
    return name, resource_type


def _read_descriptor_provider(obj: ObjectNode, kind: str, group: ResourceType, key: str) -> DescriptorProvider:
    # The older Python layout puts the class and its arguments beside the name.
    legacy = not obj.has("descriptor") and obj.has("kwargs")
    obj.allow_only(("name", "type", "module", "clazz", "kwargs", _KIND_KEY) if legacy else ("name", "type", "descriptor", _KIND_KEY))
    name, resource_type = _read_name_and_type(obj, group, key)
    language = provider_language(kind)
    if not legacy:
        return DescriptorProvider(kind, name, resource_type, read_descriptor(obj.required("descriptor"), language))
    descriptor = ResourceDescriptor(
        obj.required("module").as_string(),
        obj.required("clazz").as_string(),
        obj.required("kwargs").as_object().entries,
        language,
    )
    return DescriptorProvider(kind, name, resource_type, descriptor, "kwargs")


def _read_serializable_provider(
    obj: ObjectNode, kind: str, group: ResourceType, key: str, context: PlanReadContext
) -> SerializableProvider:
    data_key = "serializedResource" if kind == "JavaSerializableResourceProvider" else "serialized"
    obj.allow_only(("name", "type", "module", "clazz", data_key, _KIND_KEY))
    name, resource_type = _read_name_and_type(obj, group, key)
    module = obj.required("module").as_string()
    clazz_node = obj.required("clazz")
    clazz = clazz_node.as_string()
    data_node = obj.required(data_key)
    if provider_language(kind) != context.language:
        data = data_node.as_string() if data_key == "serializedResource" else data_node.as_object().entries
        return SerializableProvider(kind, name, resource_type, module, clazz, OpaqueResource(data))
    entry = context.registry.require(module, clazz, clazz_node.pointer)
    if entry.type != resource_type:
        clazz_node.fail(f"class {quote(f'{module}.{clazz}')} makes {entry.type.value} resources, not {resource_type.value} resources")
    if entry.restore is None:
        clazz_node.fail(f"class {quote(f'{module}.{clazz}')} cannot be restored from serialized data")
    data_node.as_object()
    try:
        resource = entry.restore(data_node, context.registry)
    except Exception as e:
        if getattr(e, "path", None) is None:
            e.path = data_node.pointer  # type: ignore[attr-defined]
        raise
    return SerializableProvider(kind, name, resource_type, module, clazz, resource)


def _read_providers(node: JsonNode, context: PlanReadContext) -> dict[ResourceType, dict[str, ResourceProvider]]:
    groups: dict[ResourceType, dict[str, ResourceProvider]] = {}
    for type_key, group_node in node.as_object().members():
        resource_type = read_resource_type(JsonNode(type_key, child_pointer(node.pointer, type_key)))
        groups[resource_type] = {
            name: read_provider(provider_node, resource_type, name, context)
            for name, provider_node in group_node.as_object().members()
        }
    return groups


def _read_config(node: JsonNode) -> AgentConfiguration:
    obj = node.as_object().allow_only(("conf_data",))
    config = AgentConfiguration(obj.required("conf_data").as_object().entries)
    remember_key_order(config, obj.keys)
    return config
