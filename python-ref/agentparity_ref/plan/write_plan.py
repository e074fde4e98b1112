"""Writing plans in the upstream layout. Mirrors `src/plan/writePlan.ts`."""

from __future__ import annotations

import json
from typing import Any

from .action import Action
from .agent_plan import ABSENT, AgentPlan
from .key_order import in_source_order
from .resource_provider import JAVA_INTERNAL_PROVIDER_KIND, OpaqueResource, ResourceProvider, SerializableProvider

_KIND_KEY = "__resource_provider_type__"


def plan_to_json(plan: AgentPlan) -> dict[str, Any]:
    """A plan as the JSON value of the upstream layout, keys in the order they were read in (or canonical)."""
    fields: dict[str, Any] = {"actions": {name: action_to_json(action) for name, action in plan.actions.items()}}
    if plan.resource_providers is not ABSENT:
        fields["resource_providers"] = {
            resource_type.value: {name: provider_to_json(provider) for name, provider in group.items()}
            for resource_type, group in plan.resource_providers.items()
        }
    if plan.agent_name is not ABSENT:
        fields["agent_name"] = plan.agent_name
    if plan.config is not ABSENT:
        fields["config"] = None if plan.config is None else in_source_order(plan.config, {"conf_data": plan.config.conf_data})
    return in_source_order(plan, fields)


def serialize_resource(resource: Any) -> Any:
    """A live resource's serialized value: its own ``to_json``, else what pydantic dumps."""
    return resource.to_json() if hasattr(resource, "to_json") else resource.model_dump()


def write_plan(plan: AgentPlan) -> str:
    """Plan JSON text: ``json.dumps`` with its default layout, as the TypeScript writer prints it too."""
    return json.dumps(plan_to_json(plan))


def action_to_json(action: Action) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "name": action.name,
        "exec": in_source_order(action.exec, action.exec.to_json()),
        "trigger_conditions": list(action.trigger_conditions),
    }
    if action.config is not ABSENT:
        fields["config"] = action.config
    return in_source_order(action, fields)


def provider_to_json(provider: ResourceProvider) -> dict[str, Any]:
    fields: dict[str, Any] = {"name": provider.name, "type": provider.type.value}
    if isinstance(provider, SerializableProvider) and provider.layout == "java-internal":
        return _java_internal_provider_to_json(provider, fields)
    if isinstance(provider, SerializableProvider):
        fields["module"] = provider.module
        fields["clazz"] = provider.clazz
        resource = provider.resource
        fields[provider.serialized_key] = resource.data if isinstance(resource, OpaqueResource) else serialize_resource(resource)
    else:
        descriptor = provider.descriptor
        if provider.layout == "kwargs":
            fields["module"] = descriptor.target_module
            fields["clazz"] = descriptor.target_clazz
            fields["kwargs"] = descriptor.arguments
        else:
            fields["descriptor"] = in_source_order(descriptor, descriptor.to_json())
    fields[_KIND_KEY] = provider.kind
    return in_source_order(provider, fields)


def _java_internal_provider_to_json(provider: SerializableProvider, fields: dict[str, Any]) -> dict[str, Any]:
    """Java's ``InternalSubagentProvider``, as it was read: D3's metadata only when there is some."""
    setup = provider.resource
    fields["scope"] = setup.scope
    fields["childPlan"] = None if setup.child_plan is None else plan_to_json(setup.child_plan)
    if setup.description != "":
        fields["description"] = setup.description
    if setup.input_schema is not None:
        fields["inputSchema"] = setup.input_schema
    fields[_KIND_KEY] = JAVA_INTERNAL_PROVIDER_KIND
    return in_source_order(provider, fields)
