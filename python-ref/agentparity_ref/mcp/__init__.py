"""MCP servers reached over stdio, and the tools and prompts they advertise. Mirrors `src/mcp/`."""

from .mcp_prompt import McpPrompt
from .mcp_tool import McpTool
from .stdio_mcp_client import McpClientError, StdioMcpClient
from .stdio_mcp_server import StdioMcpServer

__all__ = ["McpClientError", "McpPrompt", "McpTool", "StdioMcpClient", "StdioMcpServer"]
