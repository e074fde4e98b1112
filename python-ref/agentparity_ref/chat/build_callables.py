"""The callables of a chat-model setup (reference §2.2): tools first, then `_subagent_<name>`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..resources.resource_type import ResourceType
from ..subagent.callable_name_prefix import CALLABLE_NAME_PREFIX
from ..subagent.subagent_setup import SubagentSetup
from .subagent_tool import SubagentTool
from .to_openai_tool import CallableSpec
from ..errors import InvalidTypeError, InvalidValueError

ResolveResource = Callable[[str, ResourceType], Any]
"""Looks a resource up by name and type; raises when there is none (the context's own error)."""


def callable_spec(item: Any) -> CallableSpec:
    """What the model is told about a callable: a tool's metadata, or a sub-agent callable's."""
    metadata = getattr(item, "metadata", None)
    if metadata is not None:
        return CallableSpec(metadata.name, metadata.description, metadata.args_schema)
    name, description = getattr(item, "name", None), getattr(item, "description", None)
    if isinstance(name, str) and isinstance(description, str):
        return CallableSpec(name, description, getattr(item, "parameters", None))
    raise InvalidTypeError(f"A callable must carry a name, a description and parameters, but was {type(item).__name__}", code="CALLABLE_MALFORMED")


def build_callables(tools: list[str], subagents: list[str], resolve: ResolveResource) -> list[Any]:
    """A repeated callable name, a sub-agent that is not a `SubagentSetup` and a sub-agent with no
    input shape each fail the whole build, with the upstream messages."""
    seen: set[str] = set()

    def claim(name: str) -> None:
        if name in seen:
            raise InvalidValueError(f"Duplicate callable name: {name}", code="CALLABLE_DUPLICATE")
        seen.add(name)

    callables: list[Any] = []
    for name in tools:
        claim(name)
        callables.append(resolve(name, ResourceType.TOOL))
    for name in subagents:
        claim(CALLABLE_NAME_PREFIX + name)
        setup = resolve(name, ResourceType.AGENT)
        if not isinstance(setup, SubagentSetup):
            raise InvalidTypeError(f"Sub-agent {name} must resolve to a SubagentSetup, but was {type(setup).__name__}", code="CALLABLE_SUBAGENT_NOT_SETUP")
        if setup.input_schema is None:
            raise InvalidValueError(
                f"Sub-agent {name} declares neither an input schema nor an input type, "
                "so there are no arguments for the model to build a call from.",
                code="CALLABLE_SUBAGENT_NO_ARGUMENTS",
            )
        callables.append(SubagentTool.of(name, setup.description, setup.input_schema))
    return callables
