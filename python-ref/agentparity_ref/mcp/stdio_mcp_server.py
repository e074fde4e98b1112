"""An MCP server reached over stdio. Mirrors `src/mcp/stdioMcpServer.ts`."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from ..resources.resource_type import ResourceType
from ..tools.tool_metadata import ToolMetadata
from .stdio_mcp_client import StdioMcpClient
from ..errors import InvalidValueError

_EMPTY_OBJECT_SCHEMA: dict[str, Any] = {"type": "object", "properties": {}}


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


class StdioMcpServer:
    """An MCP server run as a child process and spoken to over stdio.

    It lives only as long as discovery needs it: ``list_tools``/``list_prompts`` connect on first
    use, ``close`` ends the process.
    """

    resource_type = ResourceType.MCP_SERVER

    def __init__(
        self,
        command: str,
        args: Sequence[str] = (),
        env: Mapping[str, str] | None = None,
        cwd: str | None = None,
        timeout: float = 30,
    ) -> None:
        self.command = command
        self.args = list(args)
        self.env = dict(env or {})
        self.cwd = cwd
        self.timeout = timeout
        self._client: StdioMcpClient | None = None

    @staticmethod
    def from_arguments(arguments: Mapping[str, Any], name: str) -> StdioMcpServer:
        """From a descriptor's arguments (``command``, ``args``, ``env``, ``cwd``, ``timeout``)."""

        def fail(message: str) -> ValueError:
            return InvalidValueError(f"MCP server '{name}': {message}", code="MCP_SERVER_ARGUMENT")

        known = ("command", "args", "env", "cwd", "timeout")
        for key in arguments:
            if key not in known:
                raise fail(f"unknown argument '{key}'")
        command = arguments.get("command")
        if not isinstance(command, str) or command == "":
            raise fail("'command' must be a non-empty string")
        args = arguments.get("args", [])
        if not isinstance(args, list) or not all(isinstance(a, str) for a in args):
            raise fail("'args' must be a list of strings")
        env = arguments.get("env", {})
        if not isinstance(env, dict) or not all(isinstance(v, str) for v in env.values()):
            raise fail("'env' must map names to strings")
        cwd = arguments.get("cwd")
        if cwd is not None and not isinstance(cwd, str):
            raise fail("'cwd' must be a string")
        timeout = arguments.get("timeout", 30)
        if not _is_number(timeout) or not timeout > 0:
            raise fail("'timeout' must be a positive number of seconds")
        return StdioMcpServer(command, args, env, cwd, timeout)

    def _connect(self) -> StdioMcpClient:
        if self._client is None:
            env = {**os.environ, **self.env} if self.env else None
            client = StdioMcpClient(self.command, self.args, env, self.cwd, self.timeout)
            try:
                client.initialize()
            except BaseException:
                client.close()
                raise
            self._client = client
        return self._client

    def list_tools(self) -> list[ToolMetadata]:
        """Every tool the server advertises, following pagination."""
        return [
            ToolMetadata(t["name"], t.get("description") or "", t.get("inputSchema") or dict(_EMPTY_OBJECT_SCHEMA))
            for t in self._connect().list_all("tools/list", "tools")
        ]

    def list_prompts(self) -> list[dict[str, Any]]:
        """The server's prompts; none when it does not offer the prompts capability."""
        client = self._connect()
        if client.server_capabilities.get("prompts") is None:
            return []
        return [
            {
                "name": p["name"],
                "title": p.get("title"),
                "description": p.get("description"),
                "arguments": [
                    {"name": a["name"], "description": a.get("description"), "required": bool(a.get("required", False))}
                    for a in p.get("arguments") or []
                ],
            }
            for p in client.list_all("prompts/list", "prompts")
        ]

    def close(self) -> None:
        client, self._client = self._client, None
        if client is not None:
            client.close()
