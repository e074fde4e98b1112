"""A sub-agent that is another agent of the same declaration. Mirrors `src/plan/internalSubagentSetup.ts`."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, ValidationError

from ..subagent.subagent_setup import SubagentSetup
from .write_plan import plan_to_json
from ..errors import NotSupportedError


class InternalSubagentSetup(SubagentSetup):
    """An internal sub-agent: another agent registered as an AGENT resource, carried as its compiled
    plan. The scope is the resource name; the plan shares the parent's configuration. `submit`
    defers the call to the runner, which runs the child in its own scope when it is resolved."""

    child_plan: Any = Field(exclude=True)
    """The child agent's ``AgentPlan``. None only while a document is being checked."""

    scope: str = Field(exclude=True)

    child_agent: Any = Field(default=None, exclude=True)
    """The child agent itself, when a runner runs an agent without compiling it."""

    def submit(self, ctx: Any, prompt: Any, session_id: str | None = None, call_id: str | None = None) -> Any:
        """Defers the call to the runner, which runs the child in its own scope when the handle is resolved."""
        calls = ctx.internal_subagent_calls() if hasattr(ctx, "internal_subagent_calls") else None
        if calls is None:
            raise NotSupportedError("InternalSubagentSetup requires a runtime context that implements InternalSubagentCallFactory", code="INTERNAL_CALLS_UNSUPPORTED")
        return calls.submit(self, prompt, session_id, call_id)

    def to_json(self) -> dict[str, Any]:
        """The serialized form, in upstream Python's layout: the nested plan, the scope, then the metadata."""
        return {
            "child_plan": None if self.child_plan is None else plan_to_json(self.child_plan),
            "scope": self.scope,
            "description": self.description,
            "input_schema": self.input_schema,
        }


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
            raise inner from error
        raise
