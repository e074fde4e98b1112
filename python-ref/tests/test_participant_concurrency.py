"""Tests for how the participant runs cases of an op with a coroutine form: side by side when they
arrive together, answered in request order, each as soon as it and the earlier ones are done."""

from __future__ import annotations

import asyncio
import io
import json
import os
from collections.abc import Awaitable, Callable
from typing import Any, TextIO

from agentparity_ref.ops import ASYNC_OPS, OPS, Case, Result
from agentparity_ref.participant import Participant, serve

AsyncOp = Callable[[Case], Awaitable[Result]]


def _serve_lines(ops: dict[str, AsyncOp], lines: list[dict[str, Any]], stdout: TextIO | None = None, sync_ops: dict[str, Callable[[Case], Result]] | None = None) -> list[dict[str, Any]]:
    """Serves the requests from a pipe that holds them all (so each is waiting when the one before
    it is read) and returns the answers in the order written."""
    out = stdout if stdout is not None else io.StringIO()
    registered: dict[str, Callable[[Case], Result]] = {name: (lambda case: {"sync": True}) for name in ops}
    registered.update(sync_ops or {})
    participant = Participant(ops=registered, async_ops=ops)
    read_end, write_end = os.pipe()
    os.write(write_end, "".join(json.dumps(line) + "\n" for line in lines).encode())
    os.close(write_end)
    with os.fdopen(read_end, "r") as stdin:
        assert serve(participant, stdin, out, io.StringIO()) == 0
    assert isinstance(out, io.StringIO)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def _run(seq: int, op: str) -> dict[str, Any]:
    return {"cmd": "run", "seq": seq, "case": {"id": f"c/{seq}", "op": op}}


def test_cases_that_arrive_together_run_side_by_side_and_are_answered_in_order() -> None:
    released: list[asyncio.Event] = []

    async def waits(case: Case) -> Result:
        # Run one after the other, the case that sets the event would start only after this one
        # gave up waiting for it.
        released.append(asyncio.Event())
        await asyncio.wait_for(released[0].wait(), timeout=30)
        return {"waited": True}

    async def releases(case: Case) -> Result:
        while not released:
            await asyncio.sleep(0)
        released[0].set()
        return {"released": True}

    answers = _serve_lines({"waits": waits, "releases": releases}, [_run(1, "waits"), _run(2, "releases"), {"cmd": "stop"}])
    assert answers == [{"seq": 1, "result": {"waited": True}}, {"seq": 2, "result": {"released": True}}]


def test_an_answer_is_written_before_a_later_case_is_done() -> None:
    stdout = io.StringIO()

    async def fast(case: Case) -> Result:
        return {"fast": True}

    async def slow(case: Case) -> Result:
        # Done only once the earlier case's answer is out: a slow case holds back later answers only.
        for _ in range(100_000):
            if '"seq": 1' in stdout.getvalue():
                return {"saw_the_first_answer": True}
            await asyncio.sleep(0)
        return {"saw_the_first_answer": False}

    answers = _serve_lines({"fast": fast, "slow": slow}, [_run(1, "fast"), _run(2, "slow")], stdout)
    assert answers == [{"seq": 1, "result": {"fast": True}}, {"seq": 2, "result": {"saw_the_first_answer": True}}]


def test_other_requests_between_them_keep_their_place() -> None:
    async def together(case: Case) -> Result:
        await asyncio.sleep(0)
        return {"id": case["id"]}

    def alone(case: Case) -> Result:
        return {"alone": case["id"]}

    async def fails(case: Case) -> Result:
        raise ValueError("no such order")

    lines = [_run(1, "together"), _run(2, "alone"), _run(3, "together"), _run(4, "unknown"), _run(5, "fails"), _run(6, "together"), {"cmd": "stop"}]
    answers = _serve_lines({"together": together, "fails": fails}, lines, sync_ops={"alone": alone})
    assert [answer["seq"] for answer in answers] == [1, 2, 3, 4, 5, 6]
    assert answers[1]["result"] == {"alone": "c/2"}
    assert answers[3]["skipped"] is True
    assert answers[4]["errored"] is True and answers[4]["context"]["message"] == "ValueError: no such order"
    assert answers[5]["result"] == {"id": "c/6"}


def test_the_reference_runs_internal_agent_trees_side_by_side() -> None:
    assert set(ASYNC_OPS) == {"run_internal"} and set(ASYNC_OPS) <= set(OPS)
    assert Participant().async_ops is ASYNC_OPS
    # Ops of a participant's own have no coroutine form unless it gives them.
    assert Participant(ops={"normalize": OPS["normalize"]}).async_ops == {}
