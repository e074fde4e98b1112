"""A tool the local runtime can call: a function with what the model is told about it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .tool import Tool, ToolType
from .tool_metadata import ToolMetadata

ToolFunction = Callable[[dict[str, Any]], Any]
"""The model's arguments in, the return value out (a plain function or a coroutine function)."""


class LocalTool(Tool):
    """Dispatch runs it through durable execution and renders its return value (reference §5.3)."""

    tool_type: ToolType = "function"

    def __init__(self, name: str, description: str, parameters: Any, fn: ToolFunction) -> None:
        self._name = name
        self.metadata = ToolMetadata(name, description, parameters)
        self._fn = fn

    @property
    def name(self) -> str:
        return self._name

    def call(self, args: dict[str, Any]) -> Any:
        return self._fn(args)

    def to_json(self) -> dict[str, Any]:
        return {"name": self._name, "metadata": self.metadata.to_json()}


def is_callable_tool(resource: Any) -> bool:
    return callable(getattr(resource, "call", None))
