"""Where each child plan sits in the root plan. Mirrors `src/runner/planPaths.ts`."""

from __future__ import annotations

from typing import Any


class PlanPaths:
    """The JSON Pointer of each internal sub-agent's child plan in the root plan, noted when a
    plan's resources provide the setup, so that a refusal inside a child plan can say where."""

    def __init__(self) -> None:
        # By identity: setups are not hashable; the setup is kept beside its path so its id stays its own.
        self._paths: dict[int, tuple[Any, str]] = {}

    def note(self, setup: Any, path: str) -> None:
        self._paths.setdefault(id(setup), (setup, path))

    def of(self, setup: Any) -> str:
        """The child plan's pointer; empty for a plan the runner did not read through a provider."""
        found = self._paths.get(id(setup))
        return "" if found is None else found[1]
