"""The internal sub-agent calls of one action execution. Mirrors `src/runner/internal/actionCalls.ts`."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any

from ...runtime.durable_executor import DurableCallable
from ...setups.durable_subagent_call import decode_result, encode_result
from ...subagent.subagent_future import SubagentFuture
from ...subagent.subagent_result import SubagentResult
from .internal_future import InternalFuture
from .subagent_ids import SubagentIds
from ...errors import InvalidValueError

if TYPE_CHECKING:
    from ...plan.internal_subagent_setup import InternalSubagentSetup
    from ...runtime.runner_context import RunnerContext

RunCall = Callable[["InternalSubagentSetup", Any, str, str], Awaitable[SubagentResult]]

_TIMEOUT_KEY = "subagent.timeout-ms"
_DEFAULT_PARALLELISM = 16
_DEFAULT_MAX_BATCH_SIZE = 1024


def _setting(config: Mapping[str, Any], key: str, fallback: int) -> float:
    value = config.get(key)
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else fallback


class ActionCalls:
    """Ids from upstream's allocator (one per setup), each call one durable slot named
    `<sessionId>#<callId>`, and batches (reference §3.8): the group is checked first, every slot is
    reserved in handle order before the first starts, at most `subagent.parallelism` run at once,
    and results come back in handle order. The tool-call settings do not apply. Ours: a call that
    runs longer than `subagent.timeout-ms` fails with `Sub-agent call timed out after <n> ms` and its
    scope is cancelled; cancelling the caller cancels every call it started (asyncio carries the
    cancellation into the awaited child tasks)."""

    def __init__(self, ctx: RunnerContext, task: dict[str, Any], config: Mapping[str, Any], run_call: RunCall) -> None:
        self._ctx = ctx
        self._task = task
        self._run_call = run_call
        self._submitted: list[InternalFuture] = []
        self._ids: dict[str, SubagentIds] = {}
        self._parallelism = _setting(config, "subagent.parallelism", _DEFAULT_PARALLELISM)
        self._max_batch_size = _setting(config, "subagent.max-batch-size", _DEFAULT_MAX_BATCH_SIZE)
        # How long a call may run (none: no limit), and that value as Python prints it.
        self._timeout_ms = _setting(config, _TIMEOUT_KEY, float("inf"))
        self._timeout_text = str(config.get(_TIMEOUT_KEY))
        self._slots: asyncio.Semaphore | None = None

    def submit(self, setup: InternalSubagentSetup, prompt: Any, session_id: str | None = None, call_id: str | None = None) -> SubagentFuture:
        ids = self._ids.setdefault(setup.scope, SubagentIds({**self._task, "agentName": setup.scope}))
        session = session_id if session_id is not None else ids.next_session_id()
        future = InternalFuture(self, setup, prompt, session, call_id if call_id is not None else ids.next_call_id(session))
        self._submitted.append(future)
        return future

    def unresolved(self) -> list[str]:
        return [f.identity for f in self._submitted if not f.resolved]

    def _check_settings(self) -> None:
        if self._parallelism <= 0 or self._max_batch_size <= 0:
            raise InvalidValueError("subagent.max-batch-size and subagent.parallelism must be positive", code="SUBAGENT_LIMITS_NOT_POSITIVE")

    async def run_batch(self, futures: tuple[SubagentFuture, ...]) -> list[SubagentResult]:
        self._check_settings()
        if len(futures) > self._max_batch_size:
            raise InvalidValueError(f"Sub-agent batch size {len(futures)} exceeds subagent.max-batch-size {self._max_batch_size}", code="SUBAGENT_BATCH_TOO_LARGE")
        if any(not isinstance(f, InternalFuture) or f.batch is not self for f in futures):
            raise InvalidValueError("Sub-agent handles must belong to the same runner context", code="SUBAGENT_HANDLE_FOREIGN")
        if len({id(f) for f in futures}) != len(futures):
            raise InvalidValueError("Sub-agent handles must not repeat the same sub-agent future", code="SUBAGENT_HANDLE_REPEATED")
        # Every slot is reserved (its durable number taken) in handle order before any call runs.
        outcomes = []
        for future in futures:
            assert isinstance(future, InternalFuture)
            future.resolved = True
            outcomes.append(future.start())
        return list(await asyncio.gather(*outcomes))

    def start(self, future: InternalFuture) -> Awaitable[SubagentResult]:
        """The call's durable slot: replayed when recorded, else run when a parallelism slot is free."""
        self._check_settings()
        if self._timeout_ms <= 0:
            raise InvalidValueError(f"{_TIMEOUT_KEY} must be positive", code="SUBAGENT_TIMEOUT_NOT_POSITIVE")

        async def call() -> SubagentResult:
            if self._slots is None:
                self._slots = asyncio.Semaphore(int(self._parallelism))
            async with self._slots:
                running = self._run_call(future.setup, future.prompt, future.session_id, future.call_id)
                if self._timeout_ms == float("inf"):
                    return await running
                try:
                    return await asyncio.wait_for(running, self._timeout_ms / 1000)
                except TimeoutError:
                    return SubagentResult.error(f"Sub-agent call timed out after {self._timeout_text} ms")

        return self._ctx.durable_execute_async(DurableCallable(future.identity, call, encode_result, decode_result))
