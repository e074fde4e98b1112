"""Sub-agent setups as plans name them. Mirrors `src/plan/subagentClasses.ts`."""

from __future__ import annotations

from typing import Any

from ..resources.resource_type import ResourceType
from ..setups.function_subagent_setup import FunctionSubagentSetup
from ..setups.http_subagent_setup import HttpSubagentSetup
from ..subagent.subagent_setup import SubagentSetup
from .agent_plan import AgentPlan
from .class_registry import ClassEntry, ClassRegistry
from .internal_subagent_setup import InternalSubagentSetup, make_setup
from .json_node import JsonNode
from .read_function import read_function
from .read_plan import read_plan_node
from .read_provider import PlanReadContext


def _read_setup_fields(node: JsonNode, extra: tuple[str, ...] = ()) -> tuple[dict[str, Any], dict[str, JsonNode]]:
    obj = node.as_object().allow_only(("description", "input_schema", *extra))
    description = obj.required("description").as_string()
    schema = obj.required("input_schema")
    fields = {"description": description, "input_schema": None if schema.is_null else schema.as_string()}
    return fields, {key: obj.required(key) for key in extra}


def _restore_setup(node: JsonNode, _registry: ClassRegistry) -> SubagentSetup:
    fields, _ = _read_setup_fields(node)
    return make_setup(SubagentSetup, **fields)


def _restore_http(node: JsonNode, _registry: ClassRegistry) -> SubagentSetup:
    fields, extra = _read_setup_fields(node, ("endpoint", "timeout_s"))
    return make_setup(HttpSubagentSetup, endpoint=extra["endpoint"].as_string(), timeout_s=extra["timeout_s"].as_number(), **fields)


def _restore_function(node: JsonNode, _registry: ClassRegistry) -> SubagentSetup:
    # Named only: reading a plan never imports the function it names.
    fields, extra = _read_setup_fields(node, ("func",))
    return make_setup(FunctionSubagentSetup, run=read_function(extra["func"]), **fields)


def _restore_internal(node: JsonNode, registry: ClassRegistry) -> InternalSubagentSetup:
    fields, extra = _read_setup_fields(node, ("child_plan", "scope"))
    plan: AgentPlan = read_plan_node(extra["child_plan"], PlanReadContext(registry, "python"))
    setup = make_setup(InternalSubagentSetup, child_plan=plan, scope=extra["scope"].as_string(), **fields)
    assert isinstance(setup, InternalSubagentSetup)
    return setup


SUBAGENT_CLASSES: tuple[ClassEntry, ...] = (
    ClassEntry(
        "agentparity_ref.plan",
        "InternalSubagentSetup",
        ResourceType.AGENT,
        InternalSubagentSetup,
        restore=_restore_internal,
        stateless_subclasses=True,
    ),
    ClassEntry(
        "agentparity_ref.subagent",
        "SubagentSetup",
        ResourceType.AGENT,
        SubagentSetup,
        restore=_restore_setup,
        stateless_subclasses=True,
    ),
    ClassEntry("agentparity_ref.subagent", "HttpSubagentSetup", ResourceType.AGENT, HttpSubagentSetup, restore=_restore_http),
    ClassEntry("agentparity_ref.subagent", "FunctionSubagentSetup", ResourceType.AGENT, FunctionSubagentSetup, restore=_restore_function),
)

# Upstream Python plans name the internal sub-agent's runtime class (reference §2.3); its serialized
# form is ours. Filed after ours, so that a live setup is written under our name.
UPSTREAM_SUBAGENT_CLASSES: tuple[ClassEntry, ...] = (
    ClassEntry("flink_agents.runtime.internal_subagent", "InternalSubagentSetup", ResourceType.AGENT, InternalSubagentSetup, restore=_restore_internal),
)
