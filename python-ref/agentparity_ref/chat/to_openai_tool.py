"""A callable in the OpenAI function-tool shape."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from ..errors import InvalidValueError

MAX_DESCRIPTION_LENGTH = 1024
"""OpenAI's limit on a function description."""


@dataclass(frozen=True)
class CallableSpec:
    """What a callable tells the model: name, description and the JSON Schema of its arguments."""

    name: str
    description: str
    parameters: Any


def to_openai_tool(spec: CallableSpec) -> dict[str, Any]:
    """`{"type": "function", "function": {name, description, parameters}}`; a description over 1024
    characters is refused, as the provider would refuse it."""
    if len(spec.description) > MAX_DESCRIPTION_LENGTH:
        raise InvalidValueError(
            f"The description of {spec.name} is {len(spec.description)} characters long; "
            f"a function description must be at most {MAX_DESCRIPTION_LENGTH}.",
            code="TOOL_DESCRIPTION_TOO_LONG",
        )
    return {"type": "function", "function": {"name": spec.name, "description": spec.description, "parameters": spec.parameters}}
