"""A tool the local runtime can call: its name, what the model is told about it, and the function."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

ToolFunction = Callable[[dict[str, Any]], Any]
"""The model's arguments in, the return value out (a plain function or a coroutine function)."""


class LocalTool:
    tool_type = "function"

    def __init__(self, name: str, description: str, parameters: Any, fn: ToolFunction) -> None:
        self.name = name
        self.description = description
        self.parameters = parameters
        """The JSON Schema of the arguments, kept exactly as declared."""
        self._fn = fn

    def call(self, args: dict[str, Any]) -> Any:
        return self._fn(args)


def is_callable_tool(resource: Any) -> bool:
    return callable(getattr(resource, "call", None))
