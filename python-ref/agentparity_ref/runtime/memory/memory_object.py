"""A node of short-term or sensory memory. Mirrors `src/runtime/memory/memoryObject.ts`."""

from __future__ import annotations

from typing import Any, Protocol

from .memory_nodes import ROOT, MemoryNodes, MemoryUpdate, ObjectNode, copy_value
from .memory_ref import MemoryRef
from ...errors import InvalidTypeError

NESTED_OBJECT_MARK = "NestedObject"
"""What `get_fields` gives for a field that is itself an object (upstream's marker)."""


class MemoryWriter(Protocol):
    """Where an object's writes go: checked, applied, and logged for the action's memory record."""

    @property
    def nodes(self) -> MemoryNodes: ...

    def write(self, update: MemoryUpdate) -> None: ...


class MemoryObject:
    """Upstream `MemoryObject`: fields reached by a name or a dotted path relative to this object;
    a field is a value or a nested object."""

    def __init__(self, writer: MemoryWriter, prefix: str = ROOT) -> None:
        self._writer = writer
        self.prefix = prefix

    def get(self, path_or_ref: str | MemoryRef) -> Any:
        """A value (a copy), a nested object, or None when the field does not exist."""
        path = path_or_ref.path if isinstance(path_or_ref, MemoryRef) else self._full_path(path_or_ref)
        node = self._writer.nodes.node(path)
        if node is None:
            return None
        return MemoryObject(self._writer, path) if isinstance(node, ObjectNode) else copy_value(node.value)

    def set(self, path: str, value: Any) -> MemoryRef:
        """Sets a field to a JSON value, making missing objects on the way."""
        if isinstance(value, MemoryObject):
            raise InvalidTypeError("Do not set a MemoryObject instance directly; use new_object().", code="MEMORY_OBJECT_SET")
        full = self._full_path(path)
        self._writer.write(MemoryUpdate("set", full, value))
        node = self._writer.nodes.node(full)
        return MemoryRef(full, "" if node is None or isinstance(node, ObjectNode) else node.type_name)

    def new_object(self, path: str, *, overwrite: bool = False) -> MemoryObject:
        """Makes a nested object at the path (an existing value there is refused unless `overwrite`)."""
        full = self._full_path(path)
        self._writer.write(MemoryUpdate("object", full, overwrite=overwrite))
        return MemoryObject(self._writer, full)

    def is_exist(self, path: str) -> bool:
        return self._writer.nodes.has(self._full_path(path))

    def get_field_names(self) -> list[str]:
        """The names of the direct fields, sorted."""
        node = self._writer.nodes.node(self.prefix)
        return sorted(node.fields) if isinstance(node, ObjectNode) else []

    def get_fields(self) -> dict[str, Any]:
        """The direct fields: values, and `NestedObject` for an object."""
        fields: dict[str, Any] = {}
        for name in self.get_field_names():
            node = self._writer.nodes.node(self._full_path(name))
            fields[name] = NESTED_OBJECT_MARK if node is None or isinstance(node, ObjectNode) else copy_value(node.value)
        return fields

    def _full_path(self, relative: str) -> str:
        if not relative:
            return self.prefix
        return relative if self.prefix == ROOT else f"{self.prefix}.{relative}"
