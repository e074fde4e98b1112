"""Runs an agent over inputs, one after the other, with durable execution keyed by input and action."""

from __future__ import annotations

import inspect
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..actions.chat_model_action import chat_model_action
from ..actions.tool_call_action import ToolCallMode, tool_call_action
from ..chat.chat_model_setup import ChatModelSetup
from .agent import Action, Agent
from .durable_store import DurableStore
from .event_json import event_to_json
from .events import Event, InputEvent, OutputEvent
from .execution_report import ExecutionReport
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
    """The built-in chat-model and tool-call actions run before the agent's own; chat-model setups
    are opened first. Each input starts as an `InputEvent`; events are processed in the order they were sent, every
    listening action running to completion before the next event. Durable records are keyed by
    input key and action number, so a run restarted on the same store replays what completed. A
    failing input is reported with its error and the other inputs still run; a cancellation stops
    the whole run."""

    def __init__(
        self,
        agent: Agent,
        store: DurableStore | str | None = None,
        tool_call_mode: ToolCallMode = "serial",
        on_action: Callable[[str, Event], None] | None = None,
        on_report: Callable[[ExecutionReport], None] | None = None,
    ) -> None:
        self._on_report = on_report
        self._agent = agent
        # A store, or the path of a SQLite file; in-memory SQLite by default.
        self._store: DurableStore = SqliteStore(store or ":memory:") if store is None or isinstance(store, str) else store
        self._tool_call_mode: ToolCallMode = tool_call_mode
        self._on_action = on_action

    async def run(self, inputs: list[Any], keys: list[str] | None = None) -> list[InputRun]:
        """Runs each input under its key (`input-<n>` by default; give stable keys to resume a crashed run)."""
        self._open_chat_models()
        return [await self._run_one(value, keys[i] if keys else f"input-{i}") for i, value in enumerate(inputs)]

    def _open_chat_models(self) -> None:
        # Setup-time failures (a bad sub-agent declaration) fail the whole run before any input.
        resources = self._agent.resources
        for _, model in resources.list("chat_model"):
            if isinstance(model, ChatModelSetup):
                model.open(resources.get)

    def close(self) -> None:
        self._store.close()

    async def _run_one(self, value: Any, key: str) -> InputRun:
        run = InputRun(key)
        queue: deque[Event] = deque([InputEvent(value)])
        sessions = SessionIds(key)
        # Fresh built-in actions per input, so no conversation state outlives its run.
        actions: list[Action] = [chat_model_action(), tool_call_action(self._tool_call_mode), *self._agent.actions]
        action_number = 0
        try:
            while queue:
                event = queue.popleft()
                run.trace.append(event)
                if isinstance(event, OutputEvent):
                    run.outputs.append(event.output)
                for action in [a for a in actions if event.type in a.listens_to]:
                    ctx = ActionContext(
                        self._agent.resources, self._store, f"{key}/{action_number}", sessions, queue.append, self._on_report
                    )
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
