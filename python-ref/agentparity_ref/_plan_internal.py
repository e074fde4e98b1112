"""Sub-agents in plans: the setup registry entries, and the internal sub-agent (an agent of the same
declaration, compiled into a child plan). Mirrors `src/plan/subagentClasses.ts`.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, ValidationError

from agentparity_ref._plan_json_node import JsonNode
from agentparity_ref._plan_model import AgentPlan
from agentparity_ref._plan_read import PlanReadContext, read_plan_node
from agentparity_ref._plan_registry import ClassEntry, ClassRegistry
from agentparity_ref._plan_write import plan_to_json
from agentparity_ref.resources import ResourceType
from agentparity_ref.subagent import SubagentSetup


class InternalSubagentSetup(SubagentSetup):
    """A sub-agent that is another agent of the same declaration, carried as its compiled plan."""

    agent_plan: Any = Field(exclude=True)
    """The child agent's ``AgentPlan``; it inherits the parent's configuration."""

    def to_json(self) -> dict[str, Any]:
        return {"description": self.description, "input_schema": self.input_schema, "agent_plan": plan_to_json(self.agent_plan)}


def with_types(
    base: type[SubagentSetup],
    input_type: Any,
    result_type: Any,
    schema_mode: Literal["validation", "serialization"],
) -> type[SubagentSetup]:
    """A subclass of ``base`` whose ``input_type()`` and ``result_type()`` return the given types."""
    namespace = {
        "__module__": base.__module__,
        "__qualname__": f"Declared{base.__name__}",
        "input_type": classmethod(lambda cls: input_type),
        "result_type": classmethod(lambda cls: result_type),
        "_input_schema_mode": schema_mode,
    }
    return type(f"Declared{base.__name__}", (base,), namespace)


def make_setup(setup_class: type[SubagentSetup], **fields: Any) -> SubagentSetup:
    """Builds a setup; the blank-schema refusal pydantic wraps is raised as the ValueError it is."""
    try:
        return setup_class(**fields)
    except ValidationError as error:
        inner = error.errors()[0].get("ctx", {}).get("error")
        if isinstance(inner, ValueError):
            raise ValueError(str(inner)) from error
        raise


def _read_setup_fields(node: JsonNode, extra: tuple[str, ...] = ()) -> tuple[dict[str, Any], dict[str, JsonNode]]:
    obj = node.as_object().allow_only(("description", "input_schema", *extra))
    description = obj.required("description").as_string()
    schema = obj.required("input_schema")
    fields = {"description": description, "input_schema": None if schema.is_null else schema.as_string()}
    return fields, {key: obj.required(key) for key in extra}


def _restore_setup(node: JsonNode, _registry: ClassRegistry) -> SubagentSetup:
    fields, _ = _read_setup_fields(node)
    return make_setup(SubagentSetup, **fields)


def _restore_internal(node: JsonNode, registry: ClassRegistry) -> InternalSubagentSetup:
    fields, extra = _read_setup_fields(node, ("agent_plan",))
    plan: AgentPlan = read_plan_node(extra["agent_plan"], PlanReadContext(registry, "python"))
    setup = make_setup(InternalSubagentSetup, agent_plan=plan, **fields)
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
)
