"""A store that lives as long as the process, for tests."""

from __future__ import annotations

from .durable_store import DurableRecord, DurableStart, outcome_from_text, outcome_to_text
from .store_claimed_error import StoreClaimedError


class MemoryStore:
    """Records are kept as text, as the SQLite store keeps them, so a replay from memory is
    exactly what a replay from disk would be."""

    def __init__(self) -> None:
        self._records: dict[str, tuple[str, str]] = {}
        self._starts: dict[str, DurableStart] = {}
        self._claimed = False

    def get(self, key: str) -> DurableRecord | None:
        row = self._records.get(key)
        return None if row is None else DurableRecord(row[0], outcome_from_text(row[1]))

    def put(self, key: str, record: DurableRecord) -> None:
        self._records[key] = (record.name, outcome_to_text(record.outcome))

    def start(self, key: str, start: DurableStart) -> None:
        self._starts.setdefault(key, start)

    def started(self, key: str) -> DurableStart | None:
        return self._starts.get(key)

    def keys(self) -> list[str]:
        return list(self._records)

    def claim(self) -> None:
        if self._claimed:
            raise StoreClaimedError("(memory)", "a run in this process")
        self._claimed = True

    def release(self) -> None:
        self._claimed = False

    def close(self) -> None:
        pass
