"""Encoding Python values in the tagged value encoding, with loops instead of recursion.

A first walk counts how often each container is reached (a cycle reaches its node twice), so that
only shared containers get a `$id`. The second walk writes the document. A run of at least
`CHAIN_MIN_DEPTH` unshared single-entry dicts with one key (or single-item lists) is written as a
`$chain`, so that a value of any depth encodes to a shallow document.
"""

from __future__ import annotations

import base64
import math
from typing import Any

from .plain_class import PLAIN_CLASS_MODULE

CHAIN_MIN_DEPTH = 32


def _is_model(value: Any) -> bool:
    return hasattr(type(value), "model_fields") and hasattr(value, "__pydantic_fields_set__")


def _is_plain_instance(value: Any) -> bool:
    return type(value).__module__ == PLAIN_CLASS_MODULE


def _children(value: Any) -> list[Any]:
    """The values a container holds, keys included, in the order they are written."""
    if isinstance(value, dict):
        return [part for item in value.items() for part in item]
    if isinstance(value, (list, tuple, set, frozenset)):
        return list(value)
    if _is_model(value):
        return [getattr(value, name) for name in type(value).model_fields]
    return list(vars(value).values())


def _is_container(value: Any) -> bool:
    return isinstance(value, (dict, list, tuple, set, frozenset)) or _is_model(value) or _is_plain_instance(value)


_SCALARS = (str, int, float, bytes, type(None))


def _count_references(root: Any) -> dict[int, int]:
    counts: dict[int, int] = {}
    pending = [root]
    while pending:
        value = pending.pop()
        if isinstance(value, _SCALARS) or not _is_container(value):
            continue
        marker = id(value)
        seen = counts.get(marker, 0)
        counts[marker] = seen + 1
        if not seen:
            pending.extend(child for child in _children(value) if not isinstance(child, _SCALARS))
    return counts


def _chain_step(value: Any) -> tuple[str | None, Any] | None:
    """The key and the inner value when `value` is one link of a chain."""
    if type(value) is list and len(value) == 1:
        return None, value[0]
    if type(value) is dict and len(value) == 1:
        key = next(iter(value))
        if isinstance(key, str) and not key.startswith("$"):
            return key, value[key]
    return None


class _Encoder:
    def __init__(self, root: Any) -> None:
        self.counts = _count_references(root)
        self.names: dict[int, str] = {}

    def shared(self, value: Any) -> bool:
        return self.counts.get(id(value), 0) > 1

    def chain(self, value: Any) -> tuple[int, str | None, Any] | None:
        """Depth, key and leaf of the longest chain that starts at `value`, if long enough."""
        first = _chain_step(value)
        if first is None:
            return None
        key, inner = first
        depth = 1
        while not isinstance(inner, _SCALARS) and not self.shared(inner):
            step = _chain_step(inner)
            if step is None or step[0] != key:
                break
            depth += 1
            inner = step[1]
        return (depth, key, inner) if depth >= CHAIN_MIN_DEPTH else None

    def run(self, root: Any) -> Any:
        holder: list[Any] = []
        # Each task: a value to encode and the place its encoding goes (a list and an index).
        tasks: list[tuple[Any, list[Any] | dict[str, Any], int | str]] = [(root, holder, 0)]
        holder.append(None)
        while tasks:
            value, target, slot = tasks.pop()
            target[slot] = self.encode_one(value, tasks)  # type: ignore[index]
        return holder[0]

    def encode_one(self, value: Any, tasks: list[Any]) -> Any:
        """The encoding of `value`, with its children left as tasks that fill it in."""
        if value is None or isinstance(value, (bool, int, str)):
            return value
        if isinstance(value, float):
            if math.isfinite(value):
                return value
            return {"$float": "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")}
        if isinstance(value, bytes):
            return {"$bytes": base64.b64encode(value).decode("ascii")}
        if not _is_container(value):
            raise TypeError(f"cannot encode a value of type {type(value).__name__}")
        marker = id(value)
        if marker in self.names:
            return {"$ref": self.names[marker]}
        encoded: dict[str, Any]
        if self.shared(value):
            self.names[marker] = f"v{len(self.names) + 1}"
        encoded = self.encode_container(value, tasks)
        if marker in self.names:
            return {"$id": self.names[marker], "value": encoded}
        return encoded

    def encode_container(self, value: Any, tasks: list[Any]) -> Any:
        # Tasks run last-in first-out: push them in reverse so that ids follow document order.
        def later(items: list[tuple[Any, Any, Any]]) -> None:
            tasks.extend(reversed(items))

        found = self.chain(value)
        if found is not None:
            depth, key, leaf = found
            body: dict[str, Any] = {"depth": depth, "key": key, "leaf": None}
            later([(leaf, body, "leaf")])
            return {"$chain": body}
        if isinstance(value, list):
            out: list[Any] = [None] * len(value)
            later([(item, out, index) for index, item in enumerate(value)])
            return out
        if isinstance(value, (tuple, set, frozenset)):
            items: list[Any] = [None] * len(value)
            later([(item, items, index) for index, item in enumerate(value)])
            return {"$tuple" if isinstance(value, tuple) else "$set": items}
        if isinstance(value, dict):
            if all(isinstance(key, str) for key in value):
                fields: dict[str, Any] = dict.fromkeys(value)
                later([(item, fields, key) for key, item in value.items()])
                return {"$literal": fields} if any(key.startswith("$") for key in value) else fields
            pairs: list[Any] = [[None, None] for _ in value]
            later([(part, pairs[index], side) for index, item in enumerate(value.items()) for side, part in enumerate(item)])
            return {"$map": pairs}
        named = {name: None for name in (type(value).model_fields if _is_model(value) else vars(value))}
        later([(item, named, name) for name, item in zip(named, _children(value))])
        return {"$model" if _is_model(value) else "$object": type(value).__name__, "fields": named}


def encode_value(value: Any) -> Any:
    """The encoded document of a value `decode_value` can build: plain JSON where it suffices."""
    return _Encoder(value).run(value)
