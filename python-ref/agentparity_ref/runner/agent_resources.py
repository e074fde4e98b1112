"""The resources actions reach at run time. Mirrors `src/runner/agentResources.ts`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import InvalidTypeError, InvalidValueError, NotFoundError, NotSupportedError
from ..functions.function_descriptor import PythonFunction, function_text
from ..plan.agent import Agent
from ..plan.agent_plan import ABSENT, AgentPlan
from ..plan.class_registry import ClassRegistry, identity_text
from ..plan.declared_resources import declared_resources
from ..plan.internal_subagent_setup import InternalSubagentSetup, make_setup
from ..plan.json_node import JsonNode
from ..plan.locate_error import locate
from ..plan.resource_provider import DescriptorProvider, OpaqueResource, ResourceProvider, SerializableProvider
from ..pyjson.json_pointer import child_pointer
from ..plan.subagent_metadata import subagent_metadata
from ..resources.resource_descriptor import ResourceDescriptor
from ..resources.resource_type import ResourceType
from ..tools.function_tool import FunctionTool
from ..types.declaration_messages import quote
from .bound_function_tool import BoundFunctionTool
from .named_functions import NamedFunctions
from .plan_paths import PlanPaths
from .stand_ins import own_class_for

Provide = Callable[[], Any]


def _build(descriptor: ResourceDescriptor, name: str, registry: ClassRegistry) -> Any:
    # A descriptor's class is built through the registry (a class of another language only where an
    # entry stands for it), never by importing a module the descriptor names.
    module, clazz = descriptor.target_module, descriptor.target_clazz
    if descriptor.language == "python":
        entry = registry.find(module, clazz)
    else:
        entry = registry.find_stand_in(descriptor.language, module, clazz)
    if entry is None:
        raise InvalidValueError(f"unknown class {quote(identity_text(module, clazz))}: it is not in the class registry", code="CLASS_UNKNOWN")
    if entry.create is None:
        raise InvalidTypeError(f"class {quote(identity_text(module, clazz))} cannot be built from a descriptor", code="CLASS_NOT_BUILDABLE")
    return entry.create(descriptor.arguments, name)


def _provide(name: str, value: Any, registry: ClassRegistry) -> Provide:
    if isinstance(value, ResourceDescriptor):
        return lambda: _build(value, name, registry)
    # An agent run as it is reaches its sub-agent agents as internal setups, uncompiled.
    if isinstance(value, Agent):
        setup = make_setup(InternalSubagentSetup, child_plan=None, scope=name, child_agent=value, **subagent_metadata(value))
        return lambda: setup
    return lambda: value


@dataclass(frozen=True)
class PlanSite:
    """Where a plan's names are bound: the runner's named functions, the child plans' places, and
    this plan's JSON Pointer in the root plan (empty for the root)."""

    functions: NamedFunctions
    paths: PlanPaths
    path: str = ""


def _restore_foreign(provider: SerializableProvider, data: Any, pointer: str, registry: ClassRegistry) -> Any:
    # Another language's resource, rebuilt as this runtime's class that stands for it (the same
    # serialized form), or refused when none does.
    own = own_class_for(provider.language, provider.module, provider.clazz)
    entry = None if own is None else registry.find(*own)
    if entry is None or entry.restore is None or entry.type != provider.type:
        raise InvalidTypeError(
            f"{provider.type.value} resource '{provider.name}' is a {provider.language} resource "
            f"({provider.module}.{provider.clazz}), which this runtime cannot use",
            code="RESOURCE_FOREIGN_LANGUAGE",
        )
    try:
        return entry.restore(JsonNode(data, pointer), registry)
    except Exception as error:
        raise locate(error, pointer) from None


def _bind_tool(tool: FunctionTool, site: PlanSite) -> FunctionTool:
    # A function tool read from a plan runs the named function given for it; inside a child plan,
    # one without says where the tool is.
    if isinstance(tool.func, PythonFunction) and tool.func.implementation is not None:
        return tool
    named = site.functions.find(tool.func)
    if named is not None:
        return BoundFunctionTool(tool, named)
    if site.path == "":
        return tool

    def refuse(**_: Any) -> Any:
        raise NotSupportedError(f"Tool {tool.name} in {site.path} runs {function_text(tool.func)}, which has no implementation in this process.", code="TOOL_NOT_RUNNABLE")

    return BoundFunctionTool(tool, refuse)


def _provide_from_plan(provider: ResourceProvider, registry: ClassRegistry, site: PlanSite) -> Provide:
    if isinstance(provider, DescriptorProvider):
        return _provide(provider.name, provider.descriptor, registry)
    pointer = child_pointer(child_pointer(child_pointer(site.path, "resource_providers"), provider.type.value), provider.name)
    resource = provider.resource

    def live() -> Any:
        if not isinstance(resource, OpaqueResource):
            return resource
        return _restore_foreign(provider, resource.data, child_pointer(pointer, provider.serialized_key), registry)

    def made() -> Any:
        value = live()
        if isinstance(value, InternalSubagentSetup):
            # Java's provider holds its child plan beside the scope; the others inside `serialized`.
            java = provider.layout == "java-internal"
            site.paths.note(value, child_pointer(pointer, "childPlan") if java else child_pointer(child_pointer(pointer, provider.serialized_key), "child_plan"))
        return _bind_tool(value, site) if isinstance(value, FunctionTool) else value

    return made


class AgentResources:
    """The resources actions reach at run time (upstream ``get_resource``), by type then name. An
    agent's instances are used as they are, and so are the resources of a plan built in this
    process; a descriptor is built through the class registry when first asked for, once."""

    def __init__(self, declared: dict[ResourceType, dict[str, Provide]]) -> None:
        self._declared = declared
        self._provided: dict[ResourceType, dict[str, Any]] = {}

    @staticmethod
    def of_agent(agent: Agent, registry: ClassRegistry) -> AgentResources:
        """An agent's resources: the tools its class declares and those added to it."""
        declared: dict[ResourceType, dict[str, Provide]] = {}
        for resource in declared_resources(agent):
            group = declared.setdefault(resource.type, {})
            if resource.name in group:
                raise locate(InvalidValueError(f"Duplicate resource name: {resource.name}", code="RESOURCE_DUPLICATE"), resource.site)
            group[resource.name] = _provide(resource.name, resource.value, registry)
        return AgentResources(declared)

    @staticmethod
    def of_plan(plan: AgentPlan, registry: ClassRegistry, site: PlanSite) -> AgentResources:
        """A plan's resources, through its providers. Another language's serialized resource is
        rebuilt as this runtime's class that stands for it (an internal sub-agent with its child
        plan, a chat model, a connection, a function tool...), and a function tool runs the named
        function ``site`` gives for it."""
        groups = {} if plan.resource_providers is ABSENT else plan.resource_providers
        return AgentResources(
            {
                ResourceType(resource_type): {name: _provide_from_plan(p, registry, site) for name, p in group.items()}
                for resource_type, group in groups.items()
            }
        )

    def get(self, name: str, resource_type: ResourceType | str) -> Any:
        """The resource, or the upstream runtime's ``KeyError`` when there is none."""
        resource_type = ResourceType(resource_type)
        provided = self._provided.setdefault(resource_type, {})
        if name in provided:
            return provided[name]
        provide = self._declared.get(resource_type, {}).get(name)
        if provide is None:
            raise NotFoundError(f"Resource not found: '{name}' of type ResourceType.{resource_type.name}", code="RESOURCE_NOT_FOUND")
        provided[name] = provide()
        return provided[name]

    def has(self, name: str, resource_type: ResourceType | str) -> bool:
        """Whether a resource of that name and type is declared here."""
        return name in self._declared.get(ResourceType(resource_type), {})

    def list(self, resource_type: ResourceType | str) -> list[tuple[str, Any]]:
        """The resources of one type, in declaration order."""
        resource_type = ResourceType(resource_type)
        return [(name, self.get(name, resource_type)) for name in self._declared.get(resource_type, {})]
