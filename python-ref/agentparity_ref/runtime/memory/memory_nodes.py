"""The flattened store behind one memory. Mirrors `src/runtime/memory/memoryNodes.ts`."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Literal
from ...errors import InvalidTypeError, InvalidValueError

ROOT = ""
_SEPARATOR = "."


@dataclass
class ObjectNode:
    """An object node: the names of its direct fields."""

    fields: set[str] = field(default_factory=set)


@dataclass(frozen=True)
class ValueNode:
    """A value node: a copy of the value set, and the name of its type."""

    value: Any
    type_name: str


MemoryNode = ObjectNode | ValueNode


@dataclass(frozen=True)
class MemoryUpdate:
    """One write, as it is recorded and replayed: a value set at a path (`set`), or an object made at one (`object`)."""

    op: Literal["set", "object"]
    path: str
    value: Any = None
    overwrite: bool = False


def copy_value(value: Any) -> Any:
    """A JSON value copied, so that what memory keeps never aliases what an action holds."""
    return copy.deepcopy(value) if isinstance(value, (list, dict)) else value


def _refused(value: Any, path: str) -> TypeError:
    return InvalidTypeError(
        f"Memory cannot keep a value of type {type(value).__name__} at '{path}': "
        "use None, bool, int, float, str, list or dict with str keys.",
        code="MEMORY_VALUE_TYPE",
    )


def _check_value(value: Any, path: str) -> None:
    # Only what both runtimes keep as checkpoint-stable JSON: upstream's Python memory refuses the rest with a TypeError.
    if value is None or type(value) in (bool, int, float, str):
        return
    if type(value) is list:
        for item in value:
            _check_value(item, path)
        return
    if type(value) is dict:
        for key, item in value.items():
            if type(key) is not str:
                raise _refused(key, path)
            _check_value(item, path)
        return
    raise _refused(value, path)


def _parent_of(parts: list[str]) -> str:
    return _SEPARATOR.join(parts[:-1]) if len(parts) > 1 else ROOT


class MemoryNodes:
    """Every node under its absolute dotted path, the root under "". Writes go through `apply`, so
    that a write made by an action and the same write replayed from its record change the store alike."""

    def __init__(self, nodes: dict[str, MemoryNode] | None = None) -> None:
        self._nodes: dict[str, MemoryNode] = nodes if nodes is not None else {ROOT: ObjectNode()}

    def clone(self) -> MemoryNodes:
        """An independent copy: object nodes are copied, values are already private copies."""
        return MemoryNodes({p: ObjectNode(set(n.fields)) if isinstance(n, ObjectNode) else n for p, n in self._nodes.items()})

    def node(self, path: str) -> MemoryNode | None:
        return self._nodes.get(path)

    def has(self, path: str) -> bool:
        return path in self._nodes

    def check(self, update: MemoryUpdate) -> None:
        """Validates an update before it is applied; a refused one changes nothing."""
        found = self._nodes.get(update.path)
        if update.op == "set":
            _check_value(update.value, update.path)
            if isinstance(found, ObjectNode):
                raise InvalidValueError(f"Cannot overwrite object field '{update.path}' with primitive.", code="MEMORY_OVERWRITE_OBJECT")
        elif isinstance(found, ValueNode) and not update.overwrite:
            raise InvalidValueError(f"Field '{update.path}' exists but is not object.", code="MEMORY_FIELD_NOT_OBJECT")

    def apply(self, update: MemoryUpdate) -> None:
        parts = update.path.split(_SEPARATOR)
        self._fill_parents(parts)
        self._ensure_object(_parent_of(parts)).fields.add(parts[-1])
        if update.op == "set":
            self._nodes[update.path] = ValueNode(copy_value(update.value), type(update.value).__name__)
        else:
            self._nodes[update.path] = ObjectNode()

    def _fill_parents(self, parts: list[str]) -> None:
        # Missing intermediate objects are made; a value in the way becomes an object, as upstream does.
        for i in range(1, len(parts)):
            self._ensure_object(_SEPARATOR.join(parts[:i]))
            self._ensure_object(_parent_of(parts[:i])).fields.add(parts[i - 1])

    def _ensure_object(self, path: str) -> ObjectNode:
        found = self._nodes.get(path)
        if isinstance(found, ObjectNode):
            return found
        made = ObjectNode()
        self._nodes[path] = made
        return made
