"""One sub-agent call as a durable execution, and the handle of a call already under way."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

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


def _encode(result: SubagentResult) -> dict[str, Any]:
    return {"success": result.success, "result": result.result, "error_message": result.error_message}


def _decode(tree: Any) -> SubagentResult:
    message = tree.get("error_message")
    return SubagentResult(tree.get("success") is True, tree.get("result"), message if isinstance(message, str) else None)


def durable_subagent_call(ctx: RunnerContext, name: str, work: Callable[[], Awaitable[Any]]) -> Awaitable[SubagentResult]:
    """Recorded under `name` (the setup owns its durability): a restarted run gets the recorded
    result instead of working again. An exception is a failed result with its summary
    (`TypeName: message`), as upstream asks of implementations."""

    async def call() -> SubagentResult:
        try:
            return SubagentResult.ok(await work())
        except Exception as error:
            return SubagentResult.error(error)

    return ctx.durable_execute_async(DurableCallable(name, call, _encode, _decode))
