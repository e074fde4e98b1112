"""The provider of one declared resource. Mirrors `src/plan/providerFor.ts`."""

from __future__ import annotations

from typing import Any

from ..resources.resource_descriptor import ResourceDescriptor
from ..resources.resource_type import ResourceType
from ..subagent.subagent_setup import SubagentSetup
from .class_registry import ClassRegistry
from .resource_provider import DescriptorProvider, ResourceProvider, SerializableProvider
from ..errors import InvalidTypeError


_DESCRIPTOR_KIND = {
    "python": "PythonResourceProvider",
    "java": "JavaResourceProvider",
    "typescript": "TypeScriptResourceProvider",
}


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
        raise InvalidTypeError(f"AGENT resource '{name}' must be a SubagentSetup, a ResourceDescriptor, or an Agent, but got {type_name}.", code="AGENT_RESOURCE_NOT_SETUP")
    if entry is not None and entry.restore is not None:
        raise InvalidTypeError(f"{resource_type.value} resource '{name}' is a {type_name}, which makes {entry.type.value} resources", code="RESOURCE_CLASS_MAKES_OTHER_TYPE")
    raise InvalidTypeError(
        f"{resource_type.value} resource '{name}' must be an instance of a registered class or a ResourceDescriptor, "
        f"but got {type_name}.",
        code="RESOURCE_NOT_REGISTERED_CLASS",
    )
