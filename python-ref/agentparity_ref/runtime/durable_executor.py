"""Durable execution for one action execution: the n-th call is recorded under `<scope>/<n>`."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ..errors import AgentparityError, InvalidTypeError, builtin_kind
from .cancellation import is_cancellation
from .durable_store import DurableOutcome, DurableRecord, DurableStart, DurableStore

T = TypeVar("T")


@dataclass(frozen=True)
class DurableCallable(Generic[T]):
    """Something to call once and remember. `name` is recorded and checked on replay, so a run that
    takes another path is caught instead of replaying another call's result. A value that is not
    JSON itself gives `encode`/`decode`."""

    name: str
    call: Callable[[], T | Awaitable[T]]
    encode: Callable[[T], Any] | None = None
    decode: Callable[[Any], T] | None = None
    invocation_id: str | None = None
    """The stable id the call is made under, recorded at its start (the call's key by default)."""
    recover: Callable[[str], T | Awaitable[T]] | None = None
    """What a restart does instead of `call` when the call had started and never completed (the
    process died during it), given the id it was started under. Absent, the call is repeated."""


def durable(name: str, call: Callable[[], Any]) -> DurableCallable[Any]:
    return DurableCallable(name, call)


class RecordedError(AgentparityError):
    """A recorded failure, raised again on replay with the kind and message it was recorded with."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message, code="RECORDED_FAILURE")
        self.kind = kind


class ReplayMismatchError(AgentparityError, RuntimeError):
    """A replayed run reached a recorded call under another name: the run is not deterministic."""


def error_kind(error: BaseException) -> str:
    return error.kind if isinstance(error, RecordedError) else builtin_kind(error)


class DurableExecutor:
    """Numbers are taken when a call is made, not when it finishes, so concurrent calls replay too."""

    def __init__(self, store: DurableStore, scope: str) -> None:
        self._store = store
        self._scope = scope
        self._next = 0
        self.executions = 0
        """Calls actually executed (not replayed) by this executor."""

    def execute(self, callable_: DurableCallable[T]) -> T:
        key = self._take_key()
        recorded = self._replay(key, callable_)
        if recorded is not None:
            return _unwrap(recorded, callable_)
        run = self._begin(key, callable_)
        try:
            value = run()
        except Exception as error:
            self._record_failure(key, callable_.name, error)
            raise
        if inspect.isawaitable(value):
            if inspect.iscoroutine(value):
                value.close()
            raise InvalidTypeError(
                f"durable_execute needs a synchronous callable; {callable_.name} returned an awaitable, use durable_execute_async",
                code="DURABLE_CALLABLE_ASYNC",
            )
        self._store.put(key, DurableRecord(callable_.name, DurableOutcome("succeeded", value=_encode(callable_, value))))
        return value  # type: ignore[return-value]

    def execute_async(self, callable_: DurableCallable[T]) -> Awaitable[T]:
        # A plain function (not `async def`), so the key is taken at the call, not at the first await.
        key = self._take_key()
        recorded = self._replay(key, callable_)

        async def replayed() -> T:
            assert recorded is not None
            return _unwrap(recorded, callable_)

        if recorded is not None:
            return replayed()
        begun = self._begin(key, callable_)

        async def run() -> T:
            try:
                value = begun()
                if inspect.isawaitable(value):
                    value = await value
            except BaseException as error:
                self._record_failure(key, callable_.name, error)
                raise
            self._store.put(key, DurableRecord(callable_.name, DurableOutcome("succeeded", value=_encode(callable_, value))))
            return value  # type: ignore[return-value]

        return run()

    async def execute_all(self, callables: list[DurableCallable[T]]) -> list[T]:
        """Concurrently; results in submission order, the first failure (in that order) raised."""
        settled = await asyncio.gather(*(self.execute_async(c) for c in callables), return_exceptions=True)
        for outcome in settled:
            if isinstance(outcome, BaseException):
                raise outcome
        return list(settled)  # type: ignore[arg-type]

    def _take_key(self) -> str:
        key = f"{self._scope}/{self._next}"
        self._next += 1
        return key

    def _begin(self, key: str, callable_: DurableCallable[T]) -> Callable[[], T | Awaitable[T]]:
        # Records the start before anything runs; a start found from an earlier process means that
        # process died during the call, so the callable's recovery runs instead of the call.
        interrupted = self._store.started(key)
        if interrupted is not None:
            _check_name(key, interrupted.name, callable_)
        else:
            self._store.start(key, DurableStart(callable_.name, callable_.invocation_id or key))
        self.executions += 1
        recover = callable_.recover
        if interrupted is None or recover is None:
            return callable_.call
        invocation_id = interrupted.invocation_id
        return lambda: recover(invocation_id)

    def _replay(self, key: str, callable_: DurableCallable[Any]) -> DurableOutcome | None:
        record = self._store.get(key)
        if record is None:
            return None
        _check_name(key, record.name, callable_)
        return record.outcome

    def _record_failure(self, key: str, name: str, error: BaseException) -> None:
        # A cancellation is not an outcome: the call never finished, so it runs again after a restart.
        if is_cancellation(error) or not isinstance(error, Exception):
            return
        self._store.put(key, DurableRecord(name, DurableOutcome("failed", kind=error_kind(error), message=str(error))))


def _check_name(key: str, recorded: str, callable_: DurableCallable[Any]) -> None:
    if recorded != callable_.name:
        raise ReplayMismatchError(f"Durable call {key} was recorded for {recorded}, but the replayed run called {callable_.name}", code="REPLAY_MISMATCH")


def _encode(callable_: DurableCallable[T], value: T) -> Any:
    return value if callable_.encode is None else callable_.encode(value)


def _unwrap(outcome: DurableOutcome, callable_: DurableCallable[T]) -> T:
    if outcome.status == "failed":
        raise RecordedError(outcome.kind, outcome.message)
    return outcome.value if callable_.decode is None else callable_.decode(outcome.value)
