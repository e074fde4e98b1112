"""A small MCP client over stdio: JSON-RPC 2.0 lines to and from a child process.

Standard library only. It speaks just what plan construction needs: ``initialize``,
``notifications/initialized``, ``tools/list`` and ``prompts/list`` (both paginated).
"""

from __future__ import annotations

import json
import queue
import subprocess
import threading
from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import AgentparityError

PROTOCOL_VERSION = "2025-06-18"
_CLOSED = object()


class McpClientError(AgentparityError, RuntimeError):
    """The server failed, answered with an error, or did not answer in time."""


class StdioMcpClient:
    def __init__(
        self,
        command: str,
        args: Sequence[str],
        env: Mapping[str, str] | None,
        cwd: str | None,
        timeout: float,
    ) -> None:
        try:
            self._process = subprocess.Popen(
                [command, *args],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                env=dict(env) if env is not None else None,
                cwd=cwd,
            )
        except OSError as e:
            raise McpClientError(str(e), code="MCP_CLIENT_START") from e
        self._timeout = timeout
        self._next_id = 0
        self._lines: queue.Queue[Any] = queue.Queue()
        # A reader thread, so that waiting for an answer can time out.
        threading.Thread(target=self._read, daemon=True).start()
        self.server_capabilities: dict[str, Any] = {}

    def _read(self) -> None:
        assert self._process.stdout is not None
        for line in self._process.stdout:
            self._lines.put(line)
        self._lines.put(_CLOSED)

    def _send(self, message: dict[str, Any]) -> None:
        assert self._process.stdin is not None
        try:
            self._process.stdin.write((json.dumps(message) + "\n").encode())
            self._process.stdin.flush()
        except OSError as e:
            raise McpClientError(f"the server closed its input: {e}", code="MCP_SERVER_INPUT_CLOSED") from e

    def request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self._next_id += 1
        request_id = self._next_id
        self._send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        while True:
            try:
                line = self._lines.get(timeout=self._timeout)
            except queue.Empty:
                raise McpClientError(f"no answer to {method} within {self._timeout} seconds", code="MCP_NO_ANSWER") from None
            if line is _CLOSED:
                raise McpClientError(f"the server exited before answering {method}", code="MCP_SERVER_EXITED")
            message = json.loads(line)
            if "method" in message:
                self._answer_server(message)
                continue
            if message.get("id") != request_id:
                continue
            if "error" in message:
                raise McpClientError(f"{method} failed: {message['error'].get('message')}", code="MCP_REQUEST_FAILED")
            result: dict[str, Any] = message["result"]
            return result

    def _answer_server(self, message: dict[str, Any]) -> None:
        # Notifications need no answer; a ping gets an empty result, anything else "not found".
        if "id" not in message:
            return
        if message["method"] == "ping":
            self._send({"jsonrpc": "2.0", "id": message["id"], "result": {}})
        else:
            self._send({"jsonrpc": "2.0", "id": message["id"], "error": {"code": -32601, "message": "Method not found"}})

    def initialize(self) -> None:
        result = self.request(
            "initialize",
            {"protocolVersion": PROTOCOL_VERSION, "capabilities": {}, "clientInfo": {"name": "agentparity-ref", "version": "0.1.0"}},
        )
        self.server_capabilities = result.get("capabilities") or {}
        self._send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def list_all(self, method: str, key: str) -> list[dict[str, Any]]:
        """Every item of a paginated list, following ``nextCursor``."""
        items: list[dict[str, Any]] = []
        cursor: str | None = None
        while True:
            page = self.request(method, {} if cursor is None else {"cursor": cursor})
            items.extend(page.get(key) or [])
            cursor = page.get("nextCursor")
            if cursor is None:
                return items

    def close(self) -> None:
        if self._process.stdin is not None:
            self._process.stdin.close()
        try:
            self._process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        if self._process.stdout is not None:
            self._process.stdout.close()
