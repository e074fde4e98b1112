"""Plain tool calls through durable execution."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable

from ..runtime.durable_executor import DurableCallable
from ..runtime.runner_context import RunnerContext
from ..tools.tool_response import ToolResponse, to_tool_response
from .failure_text import failure_reason, tool_failure
from .prepare_tool_call import ToolExecution


def _tool_callable(execution: ToolExecution) -> DurableCallable[ToolResponse]:
    # The rendered response is what is recorded, so a replay gives the model the same text.
    async def call() -> ToolResponse:
        value = execution.tool.call(execution.args)
        if inspect.isawaitable(value):
            value = await value
        return to_tool_response(value)

    return DurableCallable(f"tool:{execution.name}", call, lambda r: r.to_json(), ToolResponse.from_json)


def _finish(ctx: RunnerContext, execution: ToolExecution, response: ToolResponse) -> ToolResponse:
    ctx.report("TOOL", execution.name, "succeeded" if response.success else "failed")
    return response


def _call_tool(execution: ToolExecution, ctx: RunnerContext) -> Awaitable[ToolResponse]:
    """A failure becomes a failed response; a cancellation propagates. The durable call is
    numbered when this is called, so a batch numbers its calls in call order."""
    ctx.report("TOOL", execution.name, "started")
    pending = ctx.durable_execute_async(_tool_callable(execution))

    async def settle() -> ToolResponse:
        try:
            return await pending
        except asyncio.CancelledError:
            raise
        except Exception as error:
            reason = failure_reason(error)
            return ToolResponse.failed(tool_failure(execution.name, reason), reason)

    return settle()


async def run_tool(execution: ToolExecution, ctx: RunnerContext) -> ToolResponse:
    """One plain tool call through `durable_execute_async`."""
    return _finish(ctx, execution, await _call_tool(execution, ctx))


async def run_tool_batch(executions: list[ToolExecution], ctx: RunnerContext) -> list[ToolResponse]:
    """Concurrently, responses in call order; a cancellation propagates once every call settled."""
    settled = await asyncio.gather(*(_call_tool(e, ctx) for e in executions), return_exceptions=True)
    # Ends are reported in call order once all settled, so that the reports do not depend on timing.
    responses = []
    for execution, outcome in zip(executions, settled):
        if isinstance(outcome, BaseException):
            raise outcome
        responses.append(_finish(ctx, execution, outcome))
    return responses
