"""What an action runs. Mirrors `src/runtime/actionFunction.ts`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .events import Event
    from .runner_context import RunnerContext

ActionFunction = Callable[["Event", "RunnerContext"], "Awaitable[None] | None"]
"""The event that triggered the action, and the context of this execution in; a plain function or a coroutine function."""
