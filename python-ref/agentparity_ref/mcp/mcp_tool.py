"""A tool an MCP server advertises. Mirrors `src/mcp/mcpTool.ts`."""

from __future__ import annotations

from typing import Any

from ..tools.tool import Tool, ToolType
from ..tools.tool_metadata import ToolMetadata


class McpTool(Tool):
    """A tool an MCP server advertises, registered under the name the server chose."""

    tool_type: ToolType = "mcp"

    def __init__(self, metadata: ToolMetadata, mcp_server_name: str) -> None:
        self.metadata = metadata
        self.mcp_server_name = mcp_server_name

    @property
    def name(self) -> str:
        return self.metadata.name

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "metadata": self.metadata.to_json(), "mcp_server_name": self.mcp_server_name}
