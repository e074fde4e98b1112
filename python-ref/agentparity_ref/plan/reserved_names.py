"""The reserved prefix of sub-agent callables, refused for tools. Mirrors `src/plan/reservedNames.ts`."""

from __future__ import annotations

from ..subagent.callable_name_prefix import CALLABLE_NAME_PREFIX
from ..errors import InvalidValueError


def check_tool_name_not_reserved(name: str) -> None:
    """Refuses a tool name under the sub-agent callable prefix: dispatch sends every prefixed call to AGENT."""
    if name.startswith(CALLABLE_NAME_PREFIX):
        msg = (
            f"Tool name '{name}' must not start with the reserved prefix "
            f"'{CALLABLE_NAME_PREFIX}', which identifies sub-agent callables."
        )
        raise InvalidValueError(msg, code="TOOL_NAME_RESERVED")


def check_advertised_tool_name(server: str, name: str) -> None:
    """The same check for a tool an MCP server chose the name of, naming the server."""
    try:
        check_tool_name_not_reserved(name)
    except ValueError as e:
        raise InvalidValueError(f"MCP server '{server}' advertised a tool with a reserved name: {e}", code="MCP_TOOL_NAME_RESERVED") from e
