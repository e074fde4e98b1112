"""What a model is told about a tool. Mirrors `src/tools/toolMetadata.ts`."""

from __future__ import annotations

from typing import Any


class ToolMetadata:
    """What a model is told about a tool: its name, what it does and the JSON Schema of its arguments."""

    def __init__(self, name: str, description: str, args_schema: dict[str, Any]) -> None:
        self.name = name
        self.description = description
        self.args_schema = args_schema

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description, "args_schema": self.args_schema}
