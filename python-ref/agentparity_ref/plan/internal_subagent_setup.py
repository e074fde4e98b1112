"""A sub-agent that is another agent of the same declaration. Mirrors `src/plan/internalSubagentSetup.ts`."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, ValidationError

from ..subagent.subagent_setup import SubagentSetup
from .write_plan import plan_to_json


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
