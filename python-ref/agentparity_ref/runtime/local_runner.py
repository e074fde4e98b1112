"""Runs an agent over inputs, one after the other, with durable execution keyed by input and action."""

from __future__ import annotations

import inspect
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .agent import Action, Agent
from .durable_store import DurableStore
from .event_json import event_to_json
from .events import InputEvent, OutputEvent, Event
from .runner_context import ActionContext, SessionIds
from .sqlite_store import SqliteStore


@dataclass
class InputRun:
    """One input's run: its outputs, the events it processed in order, and its failure if it failed."""

    key: str
    outputs: list[Any] = field(default_factory=list)
    trace: list[Event] = field(default_factory=list)
    durable_executions: int = 0
    error: Exception | None = None


class LocalRunner:
    """Each input starts as an `InputEvent`; events are processed in the order they were sent, every
    listening action running to completion before the next event. Durable records are keyed by
    input key and action number, so a run restarted on the same store replays what completed. A
    failing input is reported with its error and the other inputs still run; a cancellation stops
    the whole run."""

    def __init__(
        self,
        agent: Agent,
        store: DurableStore | str | None = None,
        built_in_actions: list[Action] | None = None,
        on_action: Callable[[str, Event], None] | None = None,
    ) -> None:
        self._agent = agent
        self._store: DurableStore = store if store is not None and not isinstance(store, str) else SqliteStore(store or ":memory:")
        self._actions = [*(built_in_actions or []), *agent.actions]
        self._on_action = on_action

    async def run(self, inputs: list[Any], keys: list[str] | None = None) -> list[InputRun]:
        """Runs each input under its key (`input-<n>` by default; give stable keys to resume a crashed run)."""
        return [await self._run_one(value, keys[i] if keys else f"input-{i}") for i, value in enumerate(inputs)]

    def close(self) -> None:
        self._store.close()

    async def _run_one(self, value: Any, key: str) -> InputRun:
        run = InputRun(key)
        queue: deque[Event] = deque([InputEvent(value)])
        sessions = SessionIds(key)
        action_number = 0
        try:
            while queue:
                event = queue.popleft()
                run.trace.append(event)
                if isinstance(event, OutputEvent):
                    run.outputs.append(event.output)
                for action in [a for a in self._actions if event.type in a.listens_to]:
                    ctx = ActionContext(self._agent.resources, self._store, f"{key}/{action_number}", sessions, queue.append)
                    action_number += 1
                    done = action.run(event, ctx)
                    if inspect.isawaitable(done):
                        await done
                    run.durable_executions += ctx.durable_executions
                    if self._on_action is not None:
                        self._on_action(action.name, event)
        except Exception as error:  # a cancellation is a BaseException: it propagates
            run.error = error
        return run


def trace_to_json(trace: list[Event]) -> list[dict[str, Any]]:
    """The trace of a run as cross-language event trees."""
    return [event_to_json(e) for e in trace]
