"""Durable execution over both stores: record once, replay after a restart."""

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest

from agentparity_ref.runtime import (
    DurableCallable,
    DurableExecutor,
    DurableOutcome,
    DurableStore,
    MemoryStore,
    RecordedError,
    ReplayMismatchError,
    SqliteStore,
    durable,
)


@pytest.fixture(params=["memory", "sqlite"])
def open_store(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[], DurableStore]:
    if request.param == "memory":
        store = MemoryStore()
        return lambda: store
    return lambda: SqliteStore(str(tmp_path / "store.sqlite"))


def test_calls_once_and_replays_the_recorded_value(open_store: Callable[[], DurableStore]) -> None:
    calls = []
    call = durable("lookup", lambda: calls.append(1) or {"n": 2.0})
    first = DurableExecutor(open_store(), "run-0/1")
    assert first.execute(call) == {"n": 2.0}
    second = DurableExecutor(open_store(), "run-0/1")
    replayed = second.execute(call)
    assert replayed == {"n": 2.0} and isinstance(replayed["n"], float)
    assert len(calls) == 1
    assert (first.executions, second.executions) == (1, 0)


def test_replays_a_recorded_failure_with_its_kind_and_message(open_store: Callable[[], DurableStore]) -> None:
    calls = []

    async def fail() -> None:
        calls.append(1)
        raise ArithmeticError("boom")

    with pytest.raises(ArithmeticError):
        asyncio.run(_await(DurableExecutor(open_store(), "s").execute_async(durable("fail", fail))))
    with pytest.raises(RecordedError, match="boom") as raised:
        asyncio.run(_await(DurableExecutor(open_store(), "s").execute_async(durable("fail", fail))))
    assert raised.value.kind == "ArithmeticError"
    assert len(calls) == 1


def test_does_not_record_a_cancelled_call(open_store: Callable[[], DurableStore]) -> None:
    calls = []

    async def slow() -> str:
        calls.append(1)
        if len(calls) == 1:
            raise asyncio.CancelledError()
        return "done"

    with pytest.raises(asyncio.CancelledError):
        asyncio.run(_await(DurableExecutor(open_store(), "s").execute_async(durable("slow", slow))))
    assert asyncio.run(_await(DurableExecutor(open_store(), "s").execute_async(durable("slow", slow)))) == "done"
    assert len(calls) == 2


def test_numbers_concurrent_calls_by_submission(open_store: Callable[[], DurableStore]) -> None:
    def wait(seconds: float, value: str) -> DurableCallable[str]:
        async def run() -> str:
            await asyncio.sleep(seconds)
            return value

        return durable(value, run)

    executor = DurableExecutor(open_store(), "s")
    assert asyncio.run(executor.execute_all([wait(0.03, "slow"), wait(0.001, "fast")])) == ["slow", "fast"]
    store = open_store()
    assert store.keys() == ["s/1", "s/0"]
    record = store.get("s/0")
    assert record is not None and record.name == "slow"
    replay = DurableExecutor(open_store(), "s")
    assert asyncio.run(replay.execute_all([wait(0.03, "slow"), wait(0.001, "fast")])) == ["slow", "fast"]
    assert replay.executions == 0


def test_refuses_to_replay_a_call_recorded_under_another_name(open_store: Callable[[], DurableStore]) -> None:
    DurableExecutor(open_store(), "s").execute(durable("a", lambda: 1))
    with pytest.raises(ReplayMismatchError):
        DurableExecutor(open_store(), "s").execute(durable("b", lambda: 2))


def test_raises_the_first_failure_in_submission_order_after_every_call_settled() -> None:
    finished = []

    async def ok() -> int:
        await asyncio.sleep(0.02)
        finished.append(1)
        return 1

    def bad(message: str) -> DurableCallable[int]:
        async def run() -> int:
            raise ValueError(message)

        return durable(message, run)

    executor = DurableExecutor(MemoryStore(), "s")
    with pytest.raises(ValueError, match="first"):
        asyncio.run(executor.execute_all([durable("ok", ok), bad("first"), bad("second")]))
    assert finished == [1]


def test_refuses_an_awaitable_from_the_synchronous_form() -> None:
    async def value() -> int:
        return 1

    with pytest.raises(TypeError, match="use durable_execute_async"):
        DurableExecutor(MemoryStore(), "s").execute(durable("p", value))


def test_the_outcome_text_is_the_one_the_ts_runtime_writes() -> None:
    store = MemoryStore()
    DurableExecutor(store, "s").execute(durable("v", lambda: {"a": [1, 2.0, "é"]}))
    assert store._records["s/0"] == ("v", '{"ok":{"a":[1,2.0,"\\u00e9"]}}')
    record = store.get("s/0")
    assert record is not None and record.outcome == DurableOutcome(ok=True, value={"a": [1, 2.0, "é"]})


async def _await(awaitable):  # noqa: ANN001, ANN202 - test helper
    return await awaitable
