"""One action of a plan. Mirrors `src/plan/action.ts`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..functions.function_descriptor import FunctionDescriptor



@dataclass(eq=False)
class Action:
    """One action: the function it runs and the trigger conditions it listens for (combined with OR)."""

    name: str
    exec: FunctionDescriptor
    trigger_conditions: list[str]
    config: Any
    """The action's configuration; ``ABSENT`` when the plan has no ``config`` key."""
