"""The texts the model reads when a tool call or a delegation fails (reference §4.6)."""

from __future__ import annotations

INVALID_ARGUMENTS = "INVALID_ARGUMENT /: type (expected object)"
"""The preparation failure for arguments that are not an object (later upstream Python and Java)."""


def with_reason(message: str, reason: str | None) -> str:
    """`msg: reason`, or `msg.` when there is no reason (upstream `_with_reason`)."""
    return f"{message}: {reason}" if reason else f"{message}."


def subagent_failure(callable_name: str, reason: str | None) -> str:
    """`callable_name` is the full `_subagent_<name>`."""
    return with_reason(f"Sub-agent `{callable_name}` execute failed", reason)


def tool_failure(name: str, reason: str | None) -> str:
    return with_reason(f"Tool `{name}` execute failed", reason)


def missing_tool(name: str) -> str:
    return f"Tool `{name}` does not exist."


def failure_reason(error: BaseException) -> str:
    """`str(e)`: a KeyError quotes its message, as Python prints it."""
    return str(error)
