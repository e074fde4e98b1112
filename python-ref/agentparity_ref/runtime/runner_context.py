"""What an action gets to work with (the upstream `RunnerContext`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ..resources.resource_type import ResourceType
from .durable_executor import DurableCallable, DurableExecutor
from .durable_store import DurableStore
from .events import Event
from .execution_report import ExecutionReport, ReportScope, ReportStatus, stamp_report
from .internal_subagent_calls import InternalSubagentCalls, InvalidStateError
from .memory.action_memory import ActionMemory, CommittedMemory
from .memory.memory_object import MemoryObject
from .readable_configuration import ReadableConfiguration

if TYPE_CHECKING:
    # Only named here: the resources need the plan model, which needs the classes that run in this context.
    from ..runner.agent_resources import AgentResources

T = TypeVar("T")


class RunnerContext(Protocol):
    def get_resource(self, name: str, type_: ResourceType | str) -> Any: ...

    def get_config(self) -> ReadableConfiguration:
        """The configuration in effect: the plan's, or inside a sub-agent scope the child plan's."""
        ...

    def get_action_config(self) -> Mapping[str, Any]:
        """The configuration the running action was declared with (empty when it has none)."""
        ...

    def get_action_config_value(self, key: str) -> Any:
        """One value of that configuration, or None."""
        ...

    def send_event(self, event: Event) -> None: ...

    @property
    def short_term_memory(self) -> MemoryObject:
        """Memory kept per run key across inputs, and restored by a replay (upstream short-term memory)."""
        ...

    @property
    def sensory_memory(self) -> MemoryObject:
        """Memory of this input's run only (upstream sensory memory)."""
        ...

    def next_session_id(self) -> str:
        """A session id that is the same on every replay of the run (the n-th session of the run)."""
        ...

    def durable_execute(self, callable_: DurableCallable[T]) -> T: ...

    def durable_execute_async(self, callable_: DurableCallable[T]) -> Awaitable[T]: ...

    async def durable_execute_all_async(self, callables: list[DurableCallable[T]]) -> list[T]:
        """Concurrently; the results come back in submission order."""
        ...

    def report(self, scope: ReportScope, name: str, status: ReportStatus) -> None:
        """Records the progress of a call (created, started, succeeded, failed), stamped with the time."""
        ...


class SessionIds:
    """Counts the sessions of one run, so that session ids do not depend on timing."""

    def __init__(self, run_key: str) -> None:
        self._run_key = run_key
        self._count = 0

    def next(self) -> str:
        self._count += 1
        return f"{self._run_key}.session-{self._count}"


class ActionContext:
    """The context of one action execution; its durable records live under `<run key>/<action number>`."""

    def __init__(
        self,
        resources: AgentResources,
        store: DurableStore,
        scope: str,
        sessions: SessionIds,
        emit: Callable[[Event], None],
        on_report: Callable[[ExecutionReport], None] | None = None,
        config: Any = None,
        memory: CommittedMemory | None = None,
        internal_calls: Callable[[ActionContext], InternalSubagentCalls] | None = None,
        plan_config: Mapping[str, Any] | None = None,
    ) -> None:
        self._on_report = on_report
        self._resources = resources
        # The running action's configuration, as its plan holds it.
        self._config: dict[str, Any] = dict(config) if isinstance(config, Mapping) else {}
        # The configuration of the plan the action belongs to (the child plan's in a sub-agent scope).
        self._plan_config = plan_config
        self._sessions = sessions
        self._emit = emit
        self._executor = DurableExecutor(store, scope)
        self._store = store
        self._scope = scope
        # The memories as they stand when the action starts; fresh empty ones by default.
        self._memory = ActionMemory(memory if memory is not None else CommittedMemory())
        # Made by a runner that runs internal sub-agents.
        self._calls = internal_calls(self) if internal_calls is not None else None

    def internal_subagent_calls(self) -> InternalSubagentCalls | None:
        """The internal sub-agent calls of this action, when the runner runs internal sub-agents."""
        return self._calls

    def complete(self, action_name: str) -> None:
        """Ends the action that returned: a handle it submitted and never resolved fails it (upstream's
        words); otherwise its memory writes are published (recorded, or replayed from the record)."""
        unresolved = self._calls.unresolved() if self._calls is not None else []
        if unresolved:
            raise InvalidStateError(
                f"Action {action_name} finished without resolving the sub-agent calls it submitted: [{', '.join(unresolved)}]. "
                "Resolve every handle returned by submit(), individually or through SubagentFutures.",
                code="SUBAGENT_CALLS_UNRESOLVED",
            )
        self._memory.commit(self._store, self._scope)

    @property
    def short_term_memory(self) -> MemoryObject:
        return self._memory.short_term

    @property
    def sensory_memory(self) -> MemoryObject:
        return self._memory.sensory

    @property
    def durable_executions(self) -> int:
        """Durable calls this action actually executed (replayed ones are not counted)."""
        return self._executor.executions

    def get_resource(self, name: str, type_: ResourceType | str) -> Any:
        return self._resources.get(name, type_)

    def get_config(self) -> ReadableConfiguration:
        return ReadableConfiguration(self._plan_config)

    def get_action_config(self) -> Mapping[str, Any]:
        return self._config

    def get_action_config_value(self, key: str) -> Any:
        return self._config.get(key)

    def send_event(self, event: Event) -> None:
        self._emit(event)

    def next_session_id(self) -> str:
        return self._sessions.next()

    def durable_execute(self, callable_: DurableCallable[T]) -> T:
        return self._executor.execute(callable_)

    def durable_execute_async(self, callable_: DurableCallable[T]) -> Awaitable[T]:
        return self._executor.execute_async(callable_)

    async def durable_execute_all_async(self, callables: list[DurableCallable[T]]) -> list[T]:
        return await self._executor.execute_all(callables)

    def report(self, scope: ReportScope, name: str, status: ReportStatus) -> None:
        if self._on_report is not None:
            self._on_report(stamp_report(scope, name, status))
