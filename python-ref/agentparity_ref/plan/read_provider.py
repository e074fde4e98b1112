"""Resource providers as a plan writes them. Mirrors `src/plan/readProvider.ts`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..functions.function_descriptor import Language
from ..resources.resource_descriptor import ResourceDescriptor
from ..resources.resource_type import ResourceType, is_resource_type
from ..types.declaration_messages import quote
from .class_registry import ClassRegistry
from .json_node import JsonNode, ObjectNode
from .key_order import remember_key_order
from .internal_subagent_setup import InternalSubagentSetup, make_setup
from .resource_provider import (
    DESCRIPTOR_PROVIDER_KINDS,
    JAVA_INTERNAL_PROVIDER_KIND,
    JAVA_INTERNAL_SETUP,
    SERIALIZABLE_PROVIDER_KINDS,
    DescriptorProvider,
    OpaqueResource,
    ResourceProvider,
    SerializableProvider,
    provider_language,
)

if TYPE_CHECKING:
    from .agent_plan import AgentPlan

_KIND_KEY = "__resource_provider_type__"


@dataclass(frozen=True)
class PlanReadContext:
    """What a plan is read against: the classes it may name, and which language is "this side"."""

    registry: ClassRegistry
    language: Language = "python"


ReadChildPlan = Callable[[JsonNode, PlanReadContext], "AgentPlan"]
"""Reads a nested plan (the plan reader, handed down so that providers can hold child plans)."""


def read_resource_type(node: JsonNode) -> ResourceType:
    value = node.as_string()
    if not is_resource_type(value):
        node.fail("PLAN_RESOURCE_TYPE_UNKNOWN", f"unknown resource type {quote(value)}")
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


def read_provider(node: JsonNode, group: ResourceType, key: str, context: PlanReadContext, read_child_plan: ReadChildPlan) -> ResourceProvider:
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
    elif kind == JAVA_INTERNAL_PROVIDER_KIND:
        provider = _read_java_internal_provider(obj, group, key, context, read_child_plan)
    else:
        kind_node.fail("PLAN_PROVIDER_TYPE_UNKNOWN", f"unknown resource provider type {quote(kind)}")
    remember_key_order(provider, obj.keys)
    return provider


def _read_name_and_type(obj: ObjectNode, group: ResourceType, key: str) -> tuple[str, ResourceType]:
    name_node = obj.required("name")
    name = name_node.as_string()
    type_node = obj.required("type")
    resource_type = read_resource_type(type_node)
    if name != key:
        name_node.fail("PLAN_RESOURCE_NAME_MISMATCH", f"resource name {quote(name)} does not match its key {quote(key)}")
    if resource_type != group:
        type_node.fail("PLAN_RESOURCE_TYPE_MISMATCH", f"resource type {quote(resource_type.value)} does not match its group {quote(group.value)}")
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
        clazz_node.fail("PLAN_CLASS_MAKES_OTHER_TYPE", f"class {quote(f'{module}.{clazz}')} makes {entry.type.value} resources, not {resource_type.value} resources")
    if entry.restore is None:
        clazz_node.fail("PLAN_CLASS_NOT_RESTORABLE", f"class {quote(f'{module}.{clazz}')} cannot be restored from serialized data")
    data_node.as_object()
    try:
        resource = entry.restore(data_node, context.registry)
    except Exception as e:
        if getattr(e, "path", None) is None:
            e.path = data_node.pointer  # type: ignore[attr-defined]
        raise
    return SerializableProvider(kind, name, resource_type, module, clazz, resource)


def _read_java_internal_provider(obj: ObjectNode, group: ResourceType, key: str, context: PlanReadContext, read_child_plan: ReadChildPlan) -> SerializableProvider:
    """Java's ``InternalSubagentProvider`` (reference §2.3): the scope and the nested ``childPlan``
    (any plan layout), with D3's ``description`` and ``inputSchema`` when written. It becomes the
    same live internal setup a Python-layout provider gives, whichever language reads it: a child
    plan is no one language's."""
    obj.allow_only(("name", "type", "scope", "childPlan", "description", "inputSchema", _KIND_KEY))
    name, resource_type = _read_name_and_type(obj, group, key)
    description = obj.required("description").as_string() if obj.has("description") else ""
    schema = obj.required("inputSchema") if obj.has("inputSchema") else None
    input_schema = None if schema is None or schema.is_null else schema.as_string()
    child_plan = read_child_plan(obj.required("childPlan"), context)
    setup = make_setup(InternalSubagentSetup, child_plan=child_plan, scope=obj.required("scope").as_string(), description=description, input_schema=input_schema)
    module, clazz = JAVA_INTERNAL_SETUP
    return SerializableProvider("JavaSerializableResourceProvider", name, resource_type, module, clazz, setup, "java-internal")
