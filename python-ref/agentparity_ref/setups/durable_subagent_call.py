"""One sub-agent call as a durable execution, and the handle of a call already under way."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Literal

from ..runtime.durable_executor import DurableCallable
from ..runtime.runner_context import RunnerContext
from ..subagent.subagent_future import SubagentFuture
from ..subagent.subagent_result import SubagentResult


class TaskFuture(SubagentFuture):
    """Done once its task settles; the task starts at submit, so several calls overlap."""

    def __init__(self, session_id: str, call_id: str, pending: Awaitable[SubagentResult]) -> None:
        super().__init__(session_id, call_id)
        self._task = asyncio.ensure_future(pending)

    def done(self) -> bool:
        return self._task.done()

    def cancel(self) -> None:
        self._task.cancel()

    async def wait(self) -> SubagentResult:
        return await self._task


def encode_result(result: SubagentResult) -> dict[str, Any]:
    return {"success": result.success, "result": result.result, "error_message": result.error_message}


def decode_result(tree: Any) -> SubagentResult:
    message = tree.get("error_message")
    return SubagentResult(tree.get("success") is True, tree.get("result"), message if isinstance(message, str) else None)


UnknownOutcomePolicy = Literal["repeat", "fail-closed"]
"""What a restart does with a call whose outcome it cannot learn: make it again, or fail it."""


@dataclass(frozen=True)
class ProbeAnswer:
    """What a probe learned of an interrupted call: `completed` (with `value`), `failed` (with
    `error`), `not-started` (never arrived: safe to send) or `unknown`."""

    status: Literal["completed", "failed", "not-started", "unknown"]
    value: Any = None
    error: Exception | None = None


Probe = Callable[[str], Awaitable[ProbeAnswer]]
"""Asks the sub-agent how the call made under an invocation id ended; never raises."""


def invocation_id_of(session_id: str, call_id: str) -> str:
    return f"{session_id}#{call_id}"


def unknown_outcome_message(invocation_id: str) -> str:
    return f"Sub-agent call {invocation_id} has an unknown outcome after a restart"


async def _settle(work: Callable[[], Awaitable[Any]]) -> SubagentResult:
    try:
        return SubagentResult.ok(await work())
    except Exception as error:
        return SubagentResult.error(error)


async def _reconcile(
    invocation_id: str, work: Callable[[], Awaitable[Any]], probe: Probe | None, unknown_outcome: UnknownOutcomePolicy
) -> SubagentResult:
    # An interrupted call is reconciled before anything is sent again: the probe's answer first,
    # then the policy; `fail-closed` gives a failed result rather than risk doing the work twice.
    answer = ProbeAnswer("unknown") if probe is None else await probe(invocation_id)
    if answer.status == "completed":
        return SubagentResult.ok(answer.value)
    if answer.status == "failed" and answer.error is not None:
        return SubagentResult.error(answer.error)
    if answer.status == "unknown" and unknown_outcome == "fail-closed":
        return SubagentResult.error(unknown_outcome_message(invocation_id))
    return await _settle(work)


def durable_subagent_call(
    ctx: RunnerContext,
    name: str,
    work: Callable[[], Awaitable[Any]],
    invocation_id: str | None = None,
    probe: Probe | None = None,
    unknown_outcome: UnknownOutcomePolicy = "repeat",
) -> Awaitable[SubagentResult]:
    """Recorded under `name` (the setup owns its durability): a restarted run gets the recorded
    result instead of working again. An exception is a failed result with its summary
    (`TypeName: message`), as upstream asks of implementations. A call the process died during is
    reconciled on restart (see `_reconcile`)."""
    return ctx.durable_execute_async(
        DurableCallable(
            name,
            lambda: _settle(work),
            encode_result,
            decode_result,
            invocation_id,
            lambda key: _reconcile(key, work, probe, unknown_outcome),
        )
    )
