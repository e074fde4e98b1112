"""Scripted behaviour of a fixture's sub-agents and tools (DESIGN §3.3), read and checked."""

from __future__ import annotations

import builtins
from dataclasses import dataclass
from typing import Any

_SUBAGENT_KEYS = {"returns", "fails", "raise", "cancel", "wait_ms"}
_TOOL_KEYS = {"returns", "raise", "cancel", "wait_ms"}


@dataclass(frozen=True)
class Raise:
    at: str
    """`submit` or `await` for a sub-agent, `call` for a tool."""
    type: str
    message: str

    def error(self) -> BaseException:
        """The exception named by `type` (a builtin exception class), else a RuntimeError."""
        cls = getattr(builtins, self.type, None)
        if not (isinstance(cls, type) and issubclass(cls, Exception)):
            cls = RuntimeError
        return cls(self.message)


@dataclass(frozen=True)
class Behaviour:
    """Exactly one outcome: `returns` (an encoded value), `fails` (a failed result with a message
    or None), `raise` or `cancel` at a point; optionally `wait_ms` of work first."""

    outcome: str
    value: Any = None
    raise_: Raise | None = None
    cancel_at: str | None = None
    wait_ms: int = 0


def read_behaviour(tree: Any, where: str, kind: str) -> Behaviour:
    allowed, points = (_SUBAGENT_KEYS, ("submit", "await")) if kind == "subagent" else (_TOOL_KEYS, ("call",))
    if not isinstance(tree, dict):
        raise ValueError(f"{where}: behaviour must be an object")
    unknown = sorted(set(tree) - allowed)
    if unknown:
        raise ValueError(f"{where}: unknown behaviour key {unknown[0]} (expected one of {', '.join(sorted(allowed))})")
    outcomes = [key for key in ("returns", "fails", "raise", "cancel") if key in tree]
    if len(outcomes) != 1:
        raise ValueError(f"{where}: behaviour needs exactly one of {', '.join(k for k in ('returns', 'fails', 'raise', 'cancel') if k in allowed)}")
    wait_ms = tree.get("wait_ms", 0)
    if not isinstance(wait_ms, int) or isinstance(wait_ms, bool) or wait_ms < 0:
        raise ValueError(f"{where}.wait_ms must be a non-negative integer")
    outcome = outcomes[0]
    if outcome == "raise":
        spec = tree["raise"]
        if not isinstance(spec, dict) or not isinstance(spec.get("type"), str) or not isinstance(spec.get("message"), str):
            raise ValueError(f"{where}.raise needs a type and a message")
        at = spec.get("at", points[0])
        if at not in points:
            raise ValueError(f"{where}.raise.at must be one of {', '.join(points)}")
        return Behaviour("raise", raise_=Raise(at, spec["type"], spec["message"]), wait_ms=wait_ms)
    if outcome == "cancel":
        if tree["cancel"] not in points:
            raise ValueError(f"{where}.cancel must be one of {', '.join(points)}")
        return Behaviour("cancel", cancel_at=tree["cancel"], wait_ms=wait_ms)
    if outcome == "fails" and tree["fails"] is not None and not isinstance(tree["fails"], str):
        raise ValueError(f"{where}.fails must be a message or null")
    return Behaviour(outcome, value=tree[outcome], wait_ms=wait_ms)
