"""A reference to a value kept in memory. Mirrors `src/runtime/memory/memoryRef.ts`."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class MemoryRef:
    """Upstream `MemoryRef`: the absolute path of a value and the name of its type."""

    path: str
    type_name: str
