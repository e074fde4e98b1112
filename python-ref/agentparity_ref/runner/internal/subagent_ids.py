"""Upstream's sub-agent id allocator. Mirrors `src/runner/internal/subagentIds.ts`."""

from __future__ import annotations

import hashlib
import json
import uuid
from typing import Any


def name_uuid(text: str) -> str:
    """Java's `UUID.nameUUIDFromBytes`: an MD5 name-based (version 3) UUID."""
    return str(uuid.UUID(bytes=hashlib.md5(text.encode("utf-8")).digest(), version=3))


class SubagentIds:
    """For one action task and one setup: the digest of the namespace `{key, sequenceNumber,
    actionName, eventType, eventAttributes, agentName}` (compact JSON, keys sorted), sessions
    `<digest>-<n>` from 0 and calls `<session>-<k>` from 1 per session."""

    def __init__(self, namespace: dict[str, Any]) -> None:
        self._digest = name_uuid(json.dumps(namespace, sort_keys=True, separators=(",", ":"), ensure_ascii=False))
        self._sessions = 0
        self._calls: dict[str, int] = {}

    def next_session_id(self) -> str:
        session = f"{self._digest}-{self._sessions}"
        self._sessions += 1
        return session

    def next_call_id(self, session_id: str) -> str:
        k = self._calls.get(session_id, 0) + 1
        self._calls[session_id] = k
        return f"{session_id}-{k}"
