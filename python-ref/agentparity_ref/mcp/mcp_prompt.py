"""A prompt an MCP server advertises. Mirrors `src/mcp/mcpPrompt.ts`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..resources.resource_type import ResourceType


class McpPrompt:
    """A prompt an MCP server advertises; its text stays on the server."""

    resource_type = ResourceType.PROMPT

    def __init__(
        self,
        name: str,
        title: str | None,
        description: str | None,
        prompt_arguments: Sequence[Mapping[str, Any]],
        mcp_server_name: str,
    ) -> None:
        self.name = name
        self.title = title
        self.description = description
        self.prompt_arguments = [
            {"name": a["name"], "description": a["description"], "required": a["required"]} for a in prompt_arguments
        ]
        self.mcp_server_name = mcp_server_name

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "description": self.description,
            "prompt_arguments": [dict(a) for a in self.prompt_arguments],
            "mcp_server_name": self.mcp_server_name,
        }
