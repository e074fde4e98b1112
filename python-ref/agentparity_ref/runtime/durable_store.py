"""Where completed calls are kept, and the text form of an outcome shared by both runtimes."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal, Protocol
from ..errors import InvalidTypeError


@dataclass(frozen=True)
class DurableOutcome:
    """How a recorded call ended: with a value (`succeeded`), or with an error kind and message (`failed`)."""

    status: Literal["succeeded", "failed"]
    value: Any = None
    kind: str = ""
    message: str = ""


@dataclass(frozen=True)
class DurableRecord:
    """One completed call: the name of what was called (checked on replay) and its outcome."""

    name: str
    outcome: DurableOutcome


@dataclass(frozen=True)
class DurableStart:
    """A call that was started: written before the call runs, so a restart can tell a call that may
    have had its effect (started, not completed) from one that never ran."""

    name: str
    invocation_id: str
    """The stable id the call was made under (`session_id#call_id` for a delegation, else its key)."""


class DurableStore(Protocol):
    """Calls by key: their start, then their outcome. Writes are synchronous and durable when
    `start`/`put` return, so a killed process loses no record. A run claims the store for its whole
    length, so two runs never interleave on one store."""

    def get(self, key: str) -> DurableRecord | None: ...

    def put(self, key: str, record: DurableRecord) -> None: ...

    def start(self, key: str, start: DurableStart) -> None:
        """Records that the call under `key` is about to run (kept as first written)."""
        ...

    def started(self, key: str) -> DurableStart | None:
        """The start recorded under `key`, whether the call completed or not."""
        ...

    def keys(self) -> list[str]:
        """The keys of completed calls so far, in the order they were written."""
        ...

    def claim(self) -> None:
        """Takes the store for one run, or raises `StoreClaimedError` at once if another run holds it."""
        ...

    def release(self) -> None:
        """Gives the claim back (nothing when not claimed)."""
        ...

    def close(self) -> None: ...


def outcome_to_text(outcome: DurableOutcome) -> str:
    """`{"ok": v}` or `{"error": {"kind", "message"}}` in compact JSON: the same text the TS runtime
    writes, so a store written by one runtime replays in the other."""
    tree: dict[str, Any] = (
        {"ok": outcome.value} if outcome.status == "succeeded" else {"error": {"kind": outcome.kind, "message": outcome.message}}
    )
    return json.dumps(tree, separators=(",", ":"), allow_nan=False)


def outcome_from_text(text: str) -> DurableOutcome:
    tree = json.loads(text)
    if not isinstance(tree, dict):
        raise InvalidTypeError(f"recorded outcome must be an object: {text}", code="DURABLE_OUTCOME_NOT_OBJECT")
    if "ok" in tree:
        return DurableOutcome("succeeded", value=tree["ok"])
    error = tree.get("error")
    if not isinstance(error, dict) or not isinstance(error.get("kind"), str) or not isinstance(error.get("message"), str):
        raise InvalidTypeError(f"recorded outcome has no kind and message: {text}", code="DURABLE_OUTCOME_MALFORMED")
    return DurableOutcome("failed", kind=error["kind"], message=error["message"])
