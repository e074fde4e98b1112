"""The key order each plan part was read with. Mirrors `src/plan/keyOrder.ts`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


# The key order each plan part was read with, so that writing a plan back keeps the layout of the
# language that wrote it. Parts built in this process have none and print in the canonical order.
_SOURCE_KEYS = "_source_keys"


def remember_key_order(part: object, keys: Sequence[str]) -> None:
    object.__setattr__(part, _SOURCE_KEYS, tuple(keys))


def in_source_order(part: object, fields: dict[str, Any]) -> dict[str, Any]:
    """The fields of ``part``, in the order they were read in when it was read, else as given."""
    keys: tuple[str, ...] | None = getattr(part, _SOURCE_KEYS, None)
    if keys is None:
        return fields
    ordered = {key: fields[key] for key in keys if key in fields}
    ordered.update((key, value) for key, value in fields.items() if key not in ordered)
    return ordered
