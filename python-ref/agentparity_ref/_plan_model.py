"""The plan model: actions, resource providers, configuration. Mirrors `src/plan/action.ts`,
`agentPlan.ts`, `resourceProvider.ts` and `keyOrder.ts`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, cast

from agentparity_ref.functions import FunctionDescriptor
from agentparity_ref.resources import Language, ResourceDescriptor, ResourceType

# The key order each plan part was read with, so that writing a plan back keeps the layout of the
# language that wrote it. Parts built in this process have none and print in the canonical order.
_SOURCE_KEYS = "_source_keys"


def remember_key_order(part: object, keys: Sequence[str]) -> None:
    object.__setattr__(part, _SOURCE_KEYS, tuple(keys))


def in_source_order(part: object, fields: dict[str, Any]) -> dict[str, Any]:
    """The fields of ``part``, in the order they were read in when it was read, else as given."""
    keys: tuple[str, ...] | None = getattr(part, _SOURCE_KEYS, None)
    if keys is None:
        return fields
    ordered = {key: fields[key] for key in keys if key in fields}
    ordered.update((key, value) for key, value in fields.items() if key not in ordered)
    return ordered


class _Absent:
    """A key the plan this one was read from did not have (older Java plans omit some)."""

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT: Any = _Absent()


@dataclass(eq=False)
class Action:
    """One action: the function it runs and the trigger conditions it listens for (combined with OR)."""

    name: str
    exec: FunctionDescriptor
    trigger_conditions: list[str]
    config: Any
    """The action's configuration; ``ABSENT`` when the plan has no ``config`` key."""


@dataclass(eq=False)
class AgentConfiguration:
    conf_data: dict[str, Any]


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

    @property
    def language(self) -> Language:
        return provider_language(self.kind)

    @property
    def serialized_key(self) -> str:
        return "serializedResource" if self.kind == "JavaSerializableResourceProvider" else "serialized"


ResourceProvider = DescriptorProvider | SerializableProvider
ResourceProviders = dict[ResourceType, dict[str, ResourceProvider]]


@dataclass(eq=False)
class AgentPlan:
    """An agent compiled into data, in the upstream plan JSON layout.

    A field that is ``ABSENT`` was absent from the plan this one was read from and stays absent
    when the plan is written back.
    """

    actions: dict[str, Action]
    resource_providers: Any
    """``ResourceProviders``, or ``ABSENT``."""
    agent_name: Any
    """A string, None, or ``ABSENT``."""
    config: Any
    """An ``AgentConfiguration``, None, or ``ABSENT``."""

    def provider(self, type: ResourceType | str, name: str) -> ResourceProvider | None:
        if self.resource_providers is ABSENT:
            return None
        providers = cast("ResourceProviders", self.resource_providers)
        return providers.get(ResourceType(type), {}).get(name)
