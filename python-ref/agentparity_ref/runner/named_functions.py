"""The functions a runner is given for what plans only name. Mirrors `src/runner/namedFunctions.ts`."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..functions.function_descriptor import FunctionDescriptor
from .stand_ins import function_name_of


class NamedFunctions:
    """Each entry is a function as a plan names it (any language's descriptor: kind, module and
    qualname, or Java's class and method) and the implementation in this process that runs for
    it. A function is "in both registries" when the plan's descriptor is an entry here; nothing is
    ever imported by the name a plan gives. Actions are called with ``(event, ctx)``, tools with
    the model's arguments as keyword arguments."""

    def __init__(self, entries: Iterable[tuple[FunctionDescriptor, Callable[..., Any]]] = ()) -> None:
        self._entries = {function_name_of(descriptor): implementation for descriptor, implementation in entries}

    def find(self, descriptor: FunctionDescriptor) -> Callable[..., Any] | None:
        return self._entries.get(function_name_of(descriptor))
