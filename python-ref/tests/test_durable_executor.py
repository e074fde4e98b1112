"""Durable execution over both stores: record once, replay after a restart."""

import asyncio
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from agentparity_ref.runtime import (
    DurableCallable,
    DurableExecutor,
    DurableOutcome,
    DurableStart,
    DurableStore,
    MemoryStore,
    RecordedError,
    ReplayMismatchError,
    SqliteStore,
    StoreClaimedError,
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
    def slow_then_fast() -> list[DurableCallable[str]]:
        # "slow" finishes only once "fast" has: the order of completion is decided by the event, not a clock.
        fast_done = asyncio.Event()

        async def slow() -> str:
            await fast_done.wait()
            return "slow"

        async def fast() -> str:
            fast_done.set()
            return "fast"

        return [durable("slow", slow), durable("fast", fast)]

    executor = DurableExecutor(open_store(), "s")
    assert asyncio.run(executor.execute_all(slow_then_fast())) == ["slow", "fast"]
    store = open_store()
    assert store.keys() == ["s/1", "s/0"]
    record = store.get("s/0")
    assert record is not None and record.name == "slow"
    replay = DurableExecutor(open_store(), "s")
    assert asyncio.run(replay.execute_all(slow_then_fast())) == ["slow", "fast"]
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
    assert record is not None and record.outcome == DurableOutcome("succeeded", value={"a": [1, 2.0, "é"]})


async def _await(awaitable):  # noqa: ANN001, ANN202 - test helper
    return await awaitable


def test_records_the_start_under_the_invocation_id_before_the_call_runs(open_store: Callable[[], DurableStore]) -> None:
    store = open_store()
    seen: list[object] = []

    async def call() -> None:
        seen.append(store.started("s/0"))

    asyncio.run(DurableExecutor(store, "s").execute_async(DurableCallable("remote", call, invocation_id="sess#c1")))
    assert seen == [DurableStart("remote", "sess#c1")]
    DurableExecutor(store, "t").execute(durable("plain", lambda: 1))
    assert open_store().started("t/0") == DurableStart("plain", "t/0")


def test_recovers_a_call_that_started_and_never_completed(open_store: Callable[[], DurableStore]) -> None:
    open_store().start("s/0", DurableStart("remote", "sess#c1"))
    calls: list[int] = []
    recovered: list[str] = []
    callable_ = DurableCallable("remote", lambda: calls.append(1), recover=lambda key: recovered.append(key) or -1)
    assert asyncio.run(DurableExecutor(open_store(), "s").execute_async(callable_)) == -1
    assert asyncio.run(DurableExecutor(open_store(), "s").execute_async(callable_)) == -1
    assert (calls, recovered) == ([], ["sess#c1"])


def test_repeats_an_interrupted_call_that_offers_no_recovery_and_checks_its_name(open_store: Callable[[], DurableStore]) -> None:
    open_store().start("s/0", DurableStart("remote", "s/0"))
    with pytest.raises(ReplayMismatchError):
        DurableExecutor(open_store(), "s").execute(durable("other", lambda: 1))
    assert DurableExecutor(open_store(), "s").execute(durable("remote", lambda: 2)) == 2


def test_a_store_is_claimed_by_one_run_at_a_time(open_store: Callable[[], DurableStore]) -> None:
    first, second = open_store(), open_store()
    first.claim()
    with pytest.raises(StoreClaimedError):
        second.claim()
    first.release()
    second.claim()
    second.release()


def test_a_store_written_before_starts_and_claims_were_recorded_resumes(tmp_path: Path) -> None:
    path = str(tmp_path / "old.sqlite")
    old = sqlite3.connect(path, isolation_level=None)
    old.execute("CREATE TABLE durable_calls (seq INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL UNIQUE, name TEXT NOT NULL, outcome TEXT NOT NULL)")
    old.execute("INSERT INTO durable_calls (key, name, outcome) VALUES ('s/0', 'lookup', '{\"ok\":7}')")
    old.close()
    calls: list[int] = []
    store = SqliteStore(path)
    assert DurableExecutor(store, "s").execute(durable("lookup", lambda: calls.append(1))) == 7
    assert calls == []
    store.claim()
    store.close()


def test_a_refused_claim_names_the_holder_and_a_killed_holder_frees_it(tmp_path: Path) -> None:
    path = str(tmp_path / "store.sqlite")
    holder_code = f"import sqlite3,time; c=sqlite3.connect({path + '.lock'!r}, isolation_level=None); c.execute('BEGIN EXCLUSIVE'); print('held', flush=True); time.sleep(60)"
    holder = subprocess.Popen([sys.executable, "-c", holder_code], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        store = SqliteStore(path)
        with pytest.raises(StoreClaimedError) as refused:
            store.claim()
        assert str(refused.value) == (
            f"Durable store {path} is claimed by another run (a run that has not said who it is yet); it is free again when that run ends"
        )
    finally:
        holder.kill()
        holder.wait(timeout=30)
    store.claim()
    store.close()


def test_a_second_runner_is_refused_at_once_and_one_that_waits_replays_the_first(tmp_path: Path) -> None:
    from agentparity_ref.plan import Agent
    from agentparity_ref.runner import LocalRunner
    from agentparity_ref.runtime import INPUT_EVENT, OutputEvent

    path = str(tmp_path / "store.sqlite")
    calls: list[str] = []
    gate = asyncio.Event()

    async def slow_shout(event: Any, ctx: Any) -> None:
        async def upper() -> str:
            calls.append(event.input)
            await gate.wait()
            return event.input.upper()

        ctx.send_event(OutputEvent(await ctx.durable_execute_async(durable("upper", upper))))

    def agent() -> Agent:
        return Agent().add_action("shout", [INPUT_EVENT], slow_shout)

    async def scenario() -> tuple[Any, Any]:
        first = asyncio.ensure_future(LocalRunner(agent(), path).run(["hi"], ["k"]))
        while not calls:
            await asyncio.sleep(0.005)
        with pytest.raises(StoreClaimedError):
            await LocalRunner(agent(), path).run(["hi"], ["k"])
        waiting = asyncio.ensure_future(LocalRunner(agent(), path, claim_wait_s=10).run(["hi"], ["k"]))
        await asyncio.sleep(0.1)
        gate.set()
        return await first, await waiting

    first, waited = asyncio.run(scenario())
    assert first[0].outputs == ["HI"]
    assert (waited[0].outputs, waited[0].durable_executions, waited[0].error) == (["HI"], 0, None)
    assert calls == ["hi"]
