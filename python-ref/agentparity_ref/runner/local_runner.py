"""Runs an agent, or the plan built from one, over inputs. Mirrors `src/runner/localRunner.ts`."""

from __future__ import annotations

import inspect
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..actions.tool_call_action import ToolCallMode
from ..chat.chat_model_setup import ChatModelSetup
from ..plan.agent import Agent
from ..plan.agent_plan import AgentPlan
from ..plan.class_registry import ClassRegistry
from ..plan.collect_actions import collect_actions
from ..plan.default_registry import DEFAULT_REGISTRY
from ..resources.resource_type import ResourceType
from ..runtime.claim_store import claim_store
from ..runtime.durable_store import DurableStore
from ..runtime.event_json import event_to_json
from ..runtime.events import Event, InputEvent, OutputEvent
from ..runtime.execution_report import ExecutionReport
from ..runtime.memory.action_memory import CommittedMemory
from ..runtime.memory.memory_nodes import MemoryNodes
from ..runtime.runner_context import SessionIds
from ..runtime.sqlite_store import SqliteStore
from .agent_resources import AgentResources, PlanSite
from .internal.call_runner import CallRun, CallRunner, config_of
from .named_functions import NamedFunctions
from .plan_paths import PlanPaths
from .runnable_actions import ActionSite, runnable_actions


@dataclass
class InputRun:
    """One input's run: its outputs, the events it processed in order, and its failure if it failed."""

    key: str
    outputs: list[Any] = field(default_factory=list)
    trace: list[Event] = field(default_factory=list)
    durable_executions: int = 0
    calls: list[CallRun] = field(default_factory=list)
    """The internal sub-agent calls the input made, in the order they completed."""
    error: Exception | None = None


class LocalRunner:
    """Runs an agent, or the plan built from one, over inputs, one after the other (the upstream
    local runner). The actions are the plan's, in its order: the agent's own, then the built-in
    chat-model and tool-call actions of this runtime. Chat-model setups are opened first. Each input
    starts as an `InputEvent`; events are processed in the order they were sent, every listening
    action running to completion before the next event. Durable records are keyed by input key
    (`<key>@<n>` for the n-th repeat of a key) and action number, so a run restarted on the same store replays what completed, and a call it was
    killed during is reconciled first. An action's memory
    writes are published when it completes and recorded beside its calls, so a replay restores them;
    short-term memory is kept per key for the runner's life, sensory memory for one input. A failing input is
    reported with its error and the other inputs still run; a cancellation stops the whole run."""

    def __init__(
        self,
        source: Agent | AgentPlan,
        store: DurableStore | str | None = None,
        tool_call_mode: ToolCallMode = "serial",
        on_action: Callable[[str, Event], None] | None = None,
        on_report: Callable[[ExecutionReport], None] | None = None,
        registry: ClassRegistry = DEFAULT_REGISTRY,
        claim_wait_s: float = 0.0,
        functions: NamedFunctions | None = None,
    ) -> None:
        # The implementations of functions a plan only names (any language's descriptor), for its actions and function tools.
        self._functions = functions or NamedFunctions()
        self._paths = PlanPaths()
        if isinstance(source, AgentPlan):
            self._actions = list(source.actions.values())
            self._resources = AgentResources.of_plan(source, registry, PlanSite(self._functions, self._paths))
            self._config = config_of(source)
        else:
            self._actions = list(collect_actions(source).values())
            self._resources = AgentResources.of_agent(source, registry)
            self._config = {}
        self._registry = registry
        # A store, or the path of a SQLite file; in-memory SQLite by default.
        self._store: DurableStore = SqliteStore(store or ":memory:") if store is None or isinstance(store, str) else store
        self._tool_call_mode: ToolCallMode = tool_call_mode
        self._on_action = on_action
        self._on_report = on_report
        # Short-term memory by run key, kept for the runner's life.
        self._short_term: dict[str, MemoryNodes] = {}
        # How many inputs of each key this runner has run.
        self._runs_of_key: dict[str, int] = {}
        # How long `run` waits for a store another run holds before it fails (0: it fails at once).
        self._claim_wait_s = claim_wait_s

    async def run(self, inputs: list[Any], keys: list[str] | None = None) -> list[InputRun]:
        """Runs each input under its key (`input-<n>` by default; give stable keys to resume a crashed run).
        The store is claimed for the whole run: a store another run holds fails it with `StoreClaimedError`."""
        await claim_store(self._store, self._claim_wait_s)
        try:
            self._open_chat_models()
            return [await self._run_one(value, keys[i] if keys else f"input-{i}") for i, value in enumerate(inputs)]
        finally:
            self._store.release()

    def _open_chat_models(self) -> None:
        # Setup-time failures (a bad sub-agent declaration) fail the whole run before any input.
        for _, model in self._resources.list(ResourceType.CHAT_MODEL):
            if isinstance(model, ChatModelSetup):
                model.open(self._resources.get)

    def close(self) -> None:
        self._store.close()

    async def _run_one(self, value: Any, key: str) -> InputRun:
        run = InputRun(key)
        queue: deque[Event] = deque([InputEvent(value)])
        # A key's later inputs record under `<key>@<n>`, so that they do not replay its first input's records.
        repeat = self._runs_of_key.get(key, 0)
        self._runs_of_key[key] = repeat + 1
        record_key = key if repeat == 0 else f"{key}@{repeat}"
        sessions = SessionIds(record_key)
        actions = runnable_actions(self._actions, self._tool_call_mode, ActionSite(self._functions))
        action_number = 0
        memory = CommittedMemory(self._short_term.setdefault(key, MemoryNodes()), MemoryNodes())
        calls = CallRunner(self._store, self._resources, self._registry, PlanSite(self._functions, self._paths), self._tool_call_mode, key, repeat, self._on_report)
        run.calls = calls.calls
        try:
            while queue:
                event = queue.popleft()
                run.trace.append(event)
                if isinstance(event, OutputEvent):
                    run.outputs.append(event.output)
                for action in [a for a in actions if event.type in a.listens_to]:
                    ctx = calls.context(action, event, self._resources, f"{record_key}/{action_number}", sessions, memory, self._config, queue.append)
                    action_number += 1
                    done = action.run(event, ctx)
                    if inspect.isawaitable(done):
                        await done
                    ctx.complete(action.name)
                    run.durable_executions += ctx.durable_executions
                    if self._on_action is not None:
                        self._on_action(action.name, event)
        except Exception as error:  # a cancellation is a BaseException: it propagates
            run.error = error
        return run


def trace_to_json(trace: list[Event]) -> list[dict[str, Any]]:
    """The trace of a run as cross-language event trees."""
    return [event_to_json(e) for e in trace]
