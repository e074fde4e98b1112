"""A resource of type TOOL. Mirrors `src/tools/tool.ts`."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Literal

from ..resources.resource_type import ResourceType
from .tool_metadata import ToolMetadata

ToolType = Literal["model_built_in", "function", "remote_function", "mcp"]


class Tool(ABC):
    """A resource of type TOOL."""

    resource_type = ResourceType.TOOL
    tool_type: ToolType
    metadata: ToolMetadata | None

    @property
    @abstractmethod
    def name(self) -> str:
        """The name the tool is registered and called under."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The tool's fields as a plan serializes them."""


def is_callable_tool(resource: Any) -> bool:
    """Whether dispatch can call a TOOL resource: it has a ``call(args)``."""
    return callable(getattr(resource, "call", None))
