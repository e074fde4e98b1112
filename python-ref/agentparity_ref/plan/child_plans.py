"""The child plans of one compilation. Mirrors `src/plan/childPlans.ts`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from ..errors import InvalidValueError

_ROOT_NAME = "<root>"


class ChildPlans:
    """Upstream's compilation helper: each child agent compiles once, memoized by identity, so one
    child registered twice (or under two parents) shares a plan; an agent met again while it is
    being compiled is a cycle, refused with the path of names."""

    def __init__(self, root: Any) -> None:
        self._compiled: dict[int, Any] = {}
        self._compiling: dict[int, str] = {id(root): _ROOT_NAME}
        self._path: list[str] = [_ROOT_NAME]
        # Holds the agents whose ids are keys, so that an id is never reused during the compilation.
        self._agents: list[Any] = [root]

    def get_or_compile(self, child: Any, name: str, compile_: Callable[[Any], Any]) -> Any:
        key = id(child)
        if key in self._compiled:
            return self._compiled[key]
        under = self._compiling.get(key)
        if under is not None:
            # The path from the first entry of that name, as upstream matches it (by name, not identity).
            cycle = " -> ".join([*self._path[self._path.index(under) :], name])
            raise InvalidValueError(f"Cyclic sub-agent definition detected: {cycle}", code="SUBAGENT_CYCLE")
        self._agents.append(child)
        self._compiling[key] = name
        self._path.append(name)
        try:
            plan = compile_(child)
            self._compiled[key] = plan
            return plan
        finally:
            self._path.pop()
            del self._compiling[key]
