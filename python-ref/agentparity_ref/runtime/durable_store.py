"""Where completed calls are kept, and the text form of an outcome shared by both runtimes."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class DurableOutcome:
    """How a recorded call ended: with a value (`ok`), or with an error kind and message."""

    ok: bool
    value: Any = None
    kind: str = ""
    message: str = ""


@dataclass(frozen=True)
class DurableRecord:
    """One completed call: the name of what was called (checked on replay) and its outcome."""

    name: str
    outcome: DurableOutcome


class DurableStore(Protocol):
    """Writes are synchronous and durable when `put` returns, so a killed process loses no record."""

    def get(self, key: str) -> DurableRecord | None: ...

    def put(self, key: str, record: DurableRecord) -> None: ...

    def keys(self) -> list[str]:
        """The keys recorded so far, in the order they were written."""
        ...

    def close(self) -> None: ...


def outcome_to_text(outcome: DurableOutcome) -> str:
    """`{"ok": v}` or `{"error": {"kind", "message"}}` in compact JSON: the same text the TS runtime
    writes, so a store written by one runtime replays in the other."""
    tree: dict[str, Any] = (
        {"ok": outcome.value} if outcome.ok else {"error": {"kind": outcome.kind, "message": outcome.message}}
    )
    return json.dumps(tree, separators=(",", ":"), allow_nan=False)


def outcome_from_text(text: str) -> DurableOutcome:
    tree = json.loads(text)
    if not isinstance(tree, dict):
        raise TypeError(f"recorded outcome must be an object: {text}")
    if "ok" in tree:
        return DurableOutcome(ok=True, value=tree["ok"])
    error = tree.get("error")
    if not isinstance(error, dict) or not isinstance(error.get("kind"), str) or not isinstance(error.get("message"), str):
        raise TypeError(f"recorded outcome has no kind and message: {text}")
    return DurableOutcome(ok=False, kind=error["kind"], message=error["message"])
