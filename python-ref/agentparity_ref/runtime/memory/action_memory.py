"""One action execution's view of memory. Mirrors `src/runtime/memory/actionMemory.ts`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..durable_store import DurableOutcome, DurableRecord, DurableStore
from .memory_nodes import MemoryNodes, MemoryUpdate
from .memory_object import MemoryObject

MEMORY_RECORD = "memory"
"""The name a memory record is kept under, beside the action's durable calls."""

_KINDS = ("short_term", "sensory")


@dataclass(frozen=True)
class CommittedMemory:
    """The memories an action works on, as they stand when it starts: short-term (kept per run key,
    across the inputs of that key) and sensory (one input's run)."""

    short_term: MemoryNodes = field(default_factory=MemoryNodes)
    sensory: MemoryNodes = field(default_factory=MemoryNodes)


class _Overlay:
    """An action's private copy of one memory: its reads see its own writes, which are logged."""

    def __init__(self, nodes: MemoryNodes) -> None:
        self.nodes = nodes
        self.log: list[MemoryUpdate] = []

    def write(self, update: MemoryUpdate) -> None:
        self.nodes.check(update)
        self.nodes.apply(update)
        self.log.append(update)


def _encode(update: MemoryUpdate) -> list[Any]:
    return ["set", update.path, update.value] if update.op == "set" else ["object", update.path, update.overwrite]


def _decode(tree: list[Any]) -> MemoryUpdate:
    op, path, arg = tree
    return MemoryUpdate("set", path, arg) if op == "set" else MemoryUpdate("object", path, overwrite=arg is True)


class ActionMemory:
    """Upstream's per-action overlay: reads see the committed memory and the action's own writes; the
    writes are published when the action completes, and lost when it fails. A completed action's
    writes are recorded under `<scope>/memory`, so that a replay publishes exactly what the first run did."""

    def __init__(self, committed: CommittedMemory) -> None:
        self._committed = committed
        self._overlays: dict[str, _Overlay] = {}

    @property
    def short_term(self) -> MemoryObject:
        return MemoryObject(self._overlay("short_term"))

    @property
    def sensory(self) -> MemoryObject:
        return MemoryObject(self._overlay("sensory"))

    def commit(self, store: DurableStore, scope: str) -> None:
        """Publishes the writes of a completed action; on a replay, the recorded writes instead."""
        key = f"{scope}/{MEMORY_RECORD}"
        recorded = store.get(key)
        if recorded is not None and recorded.outcome.status == "succeeded":
            updates = {kind: [_decode(u) for u in recorded.outcome.value.get(kind, [])] for kind in _KINDS}
        else:
            updates = {kind: (self._overlays[kind].log if kind in self._overlays else []) for kind in _KINDS}
            if any(updates.values()):
                value = {kind: [_encode(u) for u in updates[kind]] for kind in _KINDS}
                store.put(key, DurableRecord(MEMORY_RECORD, DurableOutcome("succeeded", value)))
        for kind in _KINDS:
            target = self._target(kind)
            for update in updates[kind]:
                target.apply(update)

    def _target(self, kind: str) -> MemoryNodes:
        return self._committed.short_term if kind == "short_term" else self._committed.sensory

    def _overlay(self, kind: str) -> _Overlay:
        if kind not in self._overlays:
            self._overlays[kind] = _Overlay(self._target(kind).clone())
        return self._overlays[kind]
