"""How a plan provides each resource. Mirrors `src/plan/resourceProvider.ts`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from ..functions.function_descriptor import Language
from ..resources.resource_descriptor import ResourceDescriptor
from ..resources.resource_type import ResourceType


DESCRIPTOR_PROVIDER_KINDS = ("PythonResourceProvider", "JavaResourceProvider", "TypeScriptResourceProvider")

SERIALIZABLE_PROVIDER_KINDS = (
    "PythonSerializableResourceProvider",
    "JavaSerializableResourceProvider",
    "TypeScriptSerializableResourceProvider",
)


def provider_language(kind: str) -> Language:
    if kind.startswith("Python"):
        return "python"
    return "java" if kind.startswith("Java") else "typescript"


@dataclass(eq=False)
class DescriptorProvider:
    """A resource named by a descriptor and built when first needed.

    ``layout`` is ``kwargs`` for the older Python layout (``module``, ``clazz``, ``kwargs`` beside
    the name) that Java still reads.
    """

    kind: str
    name: str
    type: ResourceType
    descriptor: ResourceDescriptor
    layout: Literal["descriptor", "kwargs"] = "descriptor"

    @property
    def language(self) -> Language:
        return provider_language(self.kind)


@dataclass(eq=False)
class OpaqueResource:
    """A resource of another language, kept exactly as it was written (the upstream bridge handle)."""

    data: Any
    """The serialized value: an object, or for Java a JSON string."""


JAVA_INTERNAL_PROVIDER_KIND = "InternalSubagentProvider"
"""Java's provider of an internal sub-agent: `{name, type, scope, childPlan, ...}` with no class or serialized map."""
JAVA_INTERNAL_SETUP = ("org.apache.flink.agents.runtime.subagent", "InternalSubagentSetup")
"""The class Java's provider materializes (upstream `RUNTIME_SETUP_CLASS`): module and class."""


@dataclass(eq=False)
class SerializableProvider:
    """A resource serialized by value under the class that restores it."""

    kind: str
    name: str
    type: ResourceType
    module: str
    clazz: str
    resource: Any
    """The live resource (this language), or the ``OpaqueResource`` of another language's resource."""
    layout: Literal["serialized", "java-internal"] = "serialized"
    """``java-internal``: read from (and written as) Java's ``InternalSubagentProvider``, whose resource is a live internal setup."""

    @property
    def language(self) -> Language:
        return provider_language(self.kind)

    @property
    def serialized_key(self) -> str:
        return "serializedResource" if self.kind == "JavaSerializableResourceProvider" else "serialized"


ResourceProvider = DescriptorProvider | SerializableProvider

ResourceProviders = dict[ResourceType, dict[str, ResourceProvider]]
