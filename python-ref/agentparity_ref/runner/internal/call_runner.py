"""Runs the internal sub-agent calls of one input. Mirrors `src/runner/internal/callRunner.ts`."""

from __future__ import annotations

import inspect
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...chat.chat_model_setup import ChatModelSetup
from ...plan.agent_plan import AgentConfiguration, AgentPlan
from ...plan.collect_actions import collect_actions
from ...resources.resource_type import ResourceType
from ...runtime.cancellation import is_cancellation
from ...runtime.durable_executor import error_kind
from ...runtime.durable_store import DurableOutcome, DurableRecord, DurableStore
from ...runtime.event_json import event_from_json, event_to_json
from ...runtime.events import Event, InputEvent, OutputEvent
from ...runtime.execution_report import ExecutionReport
from ...runtime.internal_subagent_call_event import InternalSubagentCallEvent
from ...runtime.memory.action_memory import CommittedMemory
from ...runtime.runner_context import ActionContext, SessionIds
from ...subagent.subagent_result import SubagentResult
from ..agent_resources import AgentResources, PlanSite
from ..runnable_actions import ActionSite, RunnableAction, runnable_actions
from .action_calls import ActionCalls
from .scoped_resources import ScopedResources
from ...errors import InvalidTypeError

if TYPE_CHECKING:
    from ...plan.class_registry import ClassRegistry
    from ...plan.internal_subagent_setup import InternalSubagentSetup

_DONE = "done"


def config_of(plan: AgentPlan) -> Mapping[str, Any]:
    """A plan's configuration values (none when the plan has no configuration)."""
    return plan.config.conf_data if isinstance(plan.config, AgentConfiguration) else {}


@dataclass
class CallRun:
    """One internal sub-agent call as it ran: its scope and ids, the envelopes it processed, its
    outputs, its failure summary (`<ClassName>: <message>`) when it failed, and whether its scope was
    cancelled (a timeout, or its caller's cancellation) before it completed."""

    scope: str
    session_id: str
    call_id: str
    trace: list[InternalSubagentCallEvent] = field(default_factory=list)
    outputs: list[Any] = field(default_factory=list)
    error: str | None = None
    cancelled: bool = False


@dataclass(frozen=True)
class _Child:
    actions: list[Any]
    resources: ScopedResources
    config: Mapping[str, Any]
    path: str
    """The child plan's JSON Pointer in the root plan (empty when run uncompiled)."""


class CallRunner:
    """Reference §3: a call's prompt becomes the child's `InputEvent` inside an envelope; only the
    child's actions match it, by the delegate's type, and receive the delegate. Every event a child
    sends stays in the scope, re-wrapped; its outputs are collected in order, and the call completes
    when no event waits. A child action that raises fails the call with `<ClassName>: <message>`
    (the first failure) while the scope runs on. Each call has its own memory. A completed child
    action is recorded at `<sessionId>#<callId>/<n>/done` (the events it sent, or its failure)
    beside its memory writes, so a replay re-sends what it sent instead of running it again."""

    def __init__(
        self,
        store: DurableStore,
        root: AgentResources,
        registry: ClassRegistry,
        site: PlanSite,
        tool_call_mode: Any,
        key: str,
        sequence_number: int,
        on_report: Callable[[ExecutionReport], None] | None = None,
    ) -> None:
        self.calls: list[CallRun] = []
        self._store = store
        self._root = root
        self._registry = registry
        # The runner's named functions, and where each child plan sits in the root plan.
        self._site = site
        self._tool_call_mode = tool_call_mode
        self._key = key
        self._sequence_number = sequence_number
        self._on_report = on_report
        self._children: dict[int, tuple[Any, _Child]] = {}

    def context(
        self,
        action: RunnableAction,
        event: Event,
        resources: Any,
        scope: str,
        sessions: SessionIds,
        memory: CommittedMemory,
        plan_config: Mapping[str, Any],
        emit: Callable[[Event], None],
    ) -> ActionContext:
        """The context of one action, able to call internal sub-agents."""
        task = {
            "key": self._key,
            "sequenceNumber": self._sequence_number,
            "actionName": action.name,
            "eventType": event.type,
            "eventAttributes": event.attributes(),
        }
        return ActionContext(
            resources,
            self._store,
            scope,
            sessions,
            emit,
            self._on_report,
            action.config,
            memory,
            lambda ctx: ActionCalls(ctx, task, plan_config, self.run_call),
            plan_config,
        )

    async def run_call(self, setup: InternalSubagentSetup, prompt: Any, session_id: str, call_id: str) -> SubagentResult:
        """Runs one call until no envelope waits, or until it is cancelled: then its running child
        action is cancelled, the envelopes waiting are dropped, and nothing reaches the caller."""
        child = self._child(setup)
        call_key = f"{session_id}#{call_id}"
        run = CallRun(setup.scope, session_id, call_id)
        queue: deque[InternalSubagentCallEvent] = deque([InternalSubagentCallEvent(InputEvent(prompt), setup.scope, call_id, session_id)])
        memory = CommittedMemory()
        sessions = SessionIds(call_key)
        # Fresh for each call, so that no conversation outlives the call it belongs to.
        actions = runnable_actions(child.actions, self._tool_call_mode, ActionSite(self._site.functions, child.path))
        action_number = 0

        def route(sent: Event) -> None:
            if isinstance(sent, OutputEvent):
                run.outputs.append(sent.output)
            else:
                queue.append(InternalSubagentCallEvent(sent, setup.scope, call_id, session_id))

        try:
            while queue:
                envelope = queue.popleft()
                run.trace.append(envelope)
                for action in [a for a in actions if envelope.delegate.type in a.listens_to]:
                    scope = f"{call_key}/{action_number}"
                    action_number += 1
                    sent: list[Event] = []
                    ctx = self.context(action, envelope, child.resources, scope, sessions, memory, child.config, sent.append)
                    outcome = await self._run_child_action(action, envelope.delegate, ctx, scope, sent)
                    if isinstance(outcome, str):
                        run.error = run.error if run.error is not None else outcome
                    else:
                        for event in outcome:
                            route(event)
        except BaseException as error:
            # A cancelled scope: the running child action was cancelled, the waiting envelopes are dropped.
            if is_cancellation(error):
                self.calls.append(CallRun(run.scope, run.session_id, run.call_id, run.trace, cancelled=True))
            raise
        self.calls.append(run)
        return SubagentResult.ok(run.outputs) if run.error is None else SubagentResult.error(run.error)

    async def _run_child_action(self, action: RunnableAction, delegate: Event, ctx: ActionContext, scope: str, sent: list[Event]) -> list[Event] | str:
        """The events a child action sent, or its failure summary; replayed from its record when it completed before."""
        recorded = self._store.get(f"{scope}/{_DONE}")
        if recorded is not None:
            if recorded.outcome.status == "failed":
                return recorded.outcome.message
            ctx.complete(action.name)
            return [event_from_json(tree) for tree in recorded.outcome.value]
        try:
            done = action.run(delegate, ctx)
            if inspect.isawaitable(done):
                await done
            ctx.complete(action.name)
        except BaseException as error:
            if is_cancellation(error) or not isinstance(error, Exception):
                raise
            summary = SubagentResult.error(error).error_message or ""
            self._store.put(f"{scope}/{_DONE}", DurableRecord(action.name, DurableOutcome("failed", kind=error_kind(error), message=summary)))
            return summary
        self._store.put(f"{scope}/{_DONE}", DurableRecord(action.name, DurableOutcome("succeeded", [event_to_json(e) for e in sent])))
        return sent

    def _child(self, setup: InternalSubagentSetup) -> _Child:
        source = setup.child_plan if setup.child_plan is not None else setup.child_agent
        if source is None:
            raise InvalidTypeError(f"Internal sub-agent '{setup.scope}' has no child plan to run", code="INTERNAL_SUBAGENT_NO_CHILD_PLAN")
        found = self._children.get(id(source))
        if found is not None:
            return found[1]
        path = self._site.paths.of(setup)
        if setup.child_plan is not None:
            own = AgentResources.of_plan(setup.child_plan, self._registry, PlanSite(self._site.functions, self._site.paths, path))
            actions = list(setup.child_plan.actions.values())
            config = config_of(setup.child_plan)
        else:
            own = AgentResources.of_agent(setup.child_agent, self._registry)
            actions = list(collect_actions(setup.child_agent).values())
            config = {}
        resources = ScopedResources(own, self._root)
        # The child's chat models resolve their connections and sub-agents in the child's scope.
        for _, model in own.list(ResourceType.CHAT_MODEL):
            if isinstance(model, ChatModelSetup):
                model.open(resources.get)
        made = _Child(actions, resources, config, path)
        self._children[id(source)] = (source, made)
        return made
