"""A memory store that can be copied as it stands. Mirrors conformance/areas/internal/snapshotStore.ts."""

from __future__ import annotations

from ...runtime.durable_store import DurableRecord, DurableStart
from ...runtime.memory_store import MemoryStore


class SnapshotStore:
    """What a process killed at that moment would have left on disk (its completed records and its
    starts), for the replay pass of a durable case."""

    def __init__(self) -> None:
        self._inner = MemoryStore()
        self._start_keys: list[str] = []

    def get(self, key: str) -> DurableRecord | None:
        return self._inner.get(key)

    def put(self, key: str, record: DurableRecord) -> None:
        self._inner.put(key, record)

    def start(self, key: str, start: DurableStart) -> None:
        if self._inner.started(key) is None:
            self._start_keys.append(key)
        self._inner.start(key, start)

    def started(self, key: str) -> DurableStart | None:
        return self._inner.started(key)

    def keys(self) -> list[str]:
        return self._inner.keys()

    def claim(self) -> None:
        self._inner.claim()

    def release(self) -> None:
        self._inner.release()

    def close(self) -> None:
        pass

    def copy(self) -> SnapshotStore:
        """A store holding what this one holds now, unclaimed."""
        copy = SnapshotStore()
        for key in self._start_keys:
            started = self.started(key)
            assert started is not None
            copy.start(key, started)
        for key in self.keys():
            record = self.get(key)
            assert record is not None
            copy.put(key, record)
        return copy
