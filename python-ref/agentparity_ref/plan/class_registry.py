"""The explicit list of classes plans may name. Mirrors `src/plan/classRegistry.ts`.

Reading a plan resolves classes here and nowhere else: it never imports a module or runs code that
a plan names, and a class missing from the registry is an error, not a lookup.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..functions.function_descriptor import Language
from ..resources.resource_type import ResourceType
from ..types.declaration_messages import quote
from .json_node import JsonNode, PlanReadError
from ..errors import InvalidTypeError


def identity_text(module: str, clazz: str) -> str:
    return f"{module}.{clazz}"


@dataclass(frozen=True)
class ClassEntry:
    """One class a plan may name.

    ``restore`` rebuilds an instance from a serializable provider's ``serialized`` value;
    ``create`` builds one from a descriptor's arguments. ``stands_for`` lists the same class as
    other languages name it, as ``(language, module, clazz)``, so that a descriptor written by
    another language can be served here (an MCP server is reached through the same protocol from
    either side). With ``stateless_subclasses``, an instance of a pydantic subclass that adds no
    field (a setup that only states its types) is filed under this class: it serializes the same,
    and plans never carry types.
    """

    module: str
    clazz: str
    type: ResourceType
    cls: type
    restore: Callable[[JsonNode, ClassRegistry], Any] | None = None
    create: Callable[[Mapping[str, Any], str], Any] | None = None
    stands_for: tuple[tuple[Language, str, str], ...] = field(default=())
    stateless_subclasses: bool = False

    def files(self, resource: object) -> bool:
        """Whether a live resource is filed under this class."""
        if type(resource) is self.cls:
            return True
        if not (self.stateless_subclasses and isinstance(resource, self.cls)):
            return False
        return set(type(resource).model_fields) == set(self.cls.model_fields)  # type: ignore[attr-defined]


def pydantic_class(module: str, clazz: str, resource_type: ResourceType, cls: type) -> ClassEntry:
    """The entry of a pydantic resource class: restored by ``model_validate`` of its serialized value,
    as upstream restores its serializable resources (the class's validators run again)."""
    return ClassEntry(module, clazz, resource_type, cls, restore=lambda node, _registry: cls.model_validate(node.value))  # type: ignore[attr-defined]


class ClassRegistry:
    def __init__(self, entries: Iterable[ClassEntry] = ()) -> None:
        self._entries: list[ClassEntry] = []
        for entry in entries:
            self.register(entry)

    def register(self, entry: ClassEntry) -> ClassRegistry:
        if self.find(entry.module, entry.clazz) is not None:
            raise InvalidTypeError(f"class {identity_text(entry.module, entry.clazz)} is already registered", code="CLASS_ALREADY_REGISTERED")
        self._entries.append(entry)
        return self

    def extend(self, entries: Iterable[ClassEntry]) -> ClassRegistry:
        """A registry with this one's classes and more."""
        return ClassRegistry([*self._entries, *entries])

    def find(self, module: str, clazz: str) -> ClassEntry | None:
        return next((e for e in self._entries if e.module == module and e.clazz == clazz), None)

    def require(self, module: str, clazz: str, pointer: str) -> ClassEntry:
        """The entry a plan names, or a read error at ``pointer``."""
        entry = self.find(module, clazz)
        if entry is None:
            raise PlanReadError(f"unknown class {quote(identity_text(module, clazz))}: it is not in the class registry", pointer, code="CLASS_UNKNOWN")
        return entry

    def find_stand_in(self, language: Language, module: str, clazz: str) -> ClassEntry | None:
        """The entry that serves a class another language names, if any."""
        return next((e for e in self._entries if (language, module, clazz) in e.stands_for), None)

    def entry_for(self, resource: object) -> ClassEntry | None:
        """The entry a live resource is filed under: its exact class, else a class it adds no field to."""
        exact = next((e for e in self._entries if e.cls is type(resource)), None)
        return exact or next((e for e in self._entries if e.files(resource)), None)

    def entry_of(self, resource: object) -> ClassEntry:
        """The entry for a live resource: its exact class must be registered."""
        entry = self.entry_for(resource)
        if entry is None:
            raise InvalidTypeError(f"{type(resource).__name__} is not in the class registry, so a plan cannot name it", code="CLASS_NOT_REGISTERED")
        return entry
