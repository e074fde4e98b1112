"""The default store: one SQLite file, the same tables the TS runtime writes."""

from __future__ import annotations

import os
import sqlite3
from datetime import datetime, timezone

from .durable_store import DurableRecord, DurableStart, outcome_from_text, outcome_to_text
from .store_claimed_error import StoreClaimedError

# Later tables are only ever added, so an older store opens as it is and resumes.
_SCHEMA = """CREATE TABLE IF NOT EXISTS durable_calls (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  key TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  outcome TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS durable_starts (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  key TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  invocation_id TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS durable_claim (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  pid INTEGER NOT NULL,
  claimed_at TEXT NOT NULL
)"""


def _now() -> str:
    # The form JavaScript's `toISOString` writes, so a holder reads alike whoever claimed.
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class SqliteStore:
    """Each write is its own committed transaction in WAL mode with full synchronous writes, so a
    record survives the process being killed right after. A claim is an exclusive transaction held
    on the sibling file `<path>.lock`: the operating system drops it when the process dies, so a
    killed run never leaves the store claimed."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._db = sqlite3.connect(path, isolation_level=None)
        self._db.execute("PRAGMA journal_mode = WAL")
        self._db.execute("PRAGMA synchronous = FULL")
        self._db.executescript(_SCHEMA)
        self._lock: sqlite3.Connection | None = None
        self._claimed_in_memory = False

    def get(self, key: str) -> DurableRecord | None:
        row = self._db.execute("SELECT name, outcome FROM durable_calls WHERE key = ?", (key,)).fetchone()
        return None if row is None else DurableRecord(row[0], outcome_from_text(row[1]))

    def put(self, key: str, record: DurableRecord) -> None:
        self._db.execute(
            "INSERT INTO durable_calls (key, name, outcome) VALUES (?, ?, ?)",
            (key, record.name, outcome_to_text(record.outcome)),
        )

    def start(self, key: str, start: DurableStart) -> None:
        self._db.execute(
            "INSERT OR IGNORE INTO durable_starts (key, name, invocation_id) VALUES (?, ?, ?)",
            (key, start.name, start.invocation_id),
        )

    def started(self, key: str) -> DurableStart | None:
        row = self._db.execute("SELECT name, invocation_id FROM durable_starts WHERE key = ?", (key,)).fetchone()
        return None if row is None else DurableStart(row[0], row[1])

    def keys(self) -> list[str]:
        return [row[0] for row in self._db.execute("SELECT key FROM durable_calls ORDER BY seq")]

    def claim(self) -> None:
        # An in-memory database is private to its connection: only this object can run on it.
        if self.path in (":memory:", ""):
            if self._claimed_in_memory:
                raise StoreClaimedError(self.path, "a run in this process")
            self._claimed_in_memory = True
            return
        if self._lock is not None:
            raise StoreClaimedError(self.path, "a run in this process")
        lock = sqlite3.connect(f"{self.path}.lock", timeout=0, isolation_level=None)
        try:
            lock.execute("BEGIN EXCLUSIVE")
        except sqlite3.OperationalError as error:
            lock.close()
            if getattr(error, "sqlite_errorname", "") == "SQLITE_BUSY":
                raise StoreClaimedError(self.path, self._holder()) from None
            raise
        self._lock = lock
        self._db.execute(
            "INSERT INTO durable_claim (id, pid, claimed_at) VALUES (1, ?, ?) "
            "ON CONFLICT (id) DO UPDATE SET pid = excluded.pid, claimed_at = excluded.claimed_at",
            (os.getpid(), _now()),
        )

    def release(self) -> None:
        self._claimed_in_memory = False
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    def close(self) -> None:
        self.release()
        self._db.close()

    def _holder(self) -> str:
        row = self._db.execute("SELECT pid, claimed_at FROM durable_claim WHERE id = 1").fetchone()
        return "a run that has not said who it is yet" if row is None else f"pid {row[0]}, claimed at {row[1]}"
