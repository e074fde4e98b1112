"""The default store: one SQLite file, the same table the TS runtime writes."""

from __future__ import annotations

import sqlite3

from .durable_store import DurableRecord, outcome_from_text, outcome_to_text

_SCHEMA = """CREATE TABLE IF NOT EXISTS durable_calls (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  key TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  outcome TEXT NOT NULL
)"""


class SqliteStore:
    """Each `put` is its own committed transaction in WAL mode with full synchronous writes, so a
    record survives the process being killed right after."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._db = sqlite3.connect(path, isolation_level=None)
        self._db.execute("PRAGMA journal_mode = WAL")
        self._db.execute("PRAGMA synchronous = FULL")
        self._db.execute(_SCHEMA)

    def get(self, key: str) -> DurableRecord | None:
        row = self._db.execute("SELECT name, outcome FROM durable_calls WHERE key = ?", (key,)).fetchone()
        return None if row is None else DurableRecord(row[0], outcome_from_text(row[1]))

    def put(self, key: str, record: DurableRecord) -> None:
        self._db.execute(
            "INSERT INTO durable_calls (key, name, outcome) VALUES (?, ?, ?)",
            (key, record.name, outcome_to_text(record.outcome)),
        )

    def keys(self) -> list[str]:
        return [row[0] for row in self._db.execute("SELECT key FROM durable_calls ORDER BY seq")]

    def close(self) -> None:
        self._db.close()
