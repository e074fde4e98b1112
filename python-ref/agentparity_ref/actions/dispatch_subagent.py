"""Delegating tool calls to sub-agents, serially or batched (reference §4.4-4.7)."""

from __future__ import annotations

import asyncio

from ..runtime.runner_context import RunnerContext
from ..subagent.callable_name_prefix import CALLABLE_NAME_PREFIX
from ..subagent.subagent_future import SubagentFuture
from ..subagent.subagent_result import SubagentResult
from ..tools.tool_response import ToolResponse
from .failure_text import failure_reason, subagent_failure
from .normalize_result import normalize_result
from .prepare_tool_call import Delegation
from .render_content import to_chat_message_content
from .response_book import ResponseBook


def _failure(execution: Delegation, reason: str | None) -> ToolResponse:
    return ToolResponse.failed(subagent_failure(execution.callable_name, reason), reason)


def _agent_name(execution: Delegation) -> str:
    return execution.callable_name[len(CALLABLE_NAME_PREFIX) :]


def _report_delegation_end(ctx: RunnerContext, execution: Delegation, response: ToolResponse) -> ToolResponse:
    """Reports the end of a delegation under the SUBAGENT scope, and returns the response."""
    ctx.report("SUBAGENT", _agent_name(execution), "succeeded" if response.success else "failed")
    return response


async def _submit(ctx: RunnerContext, execution: Delegation) -> SubagentFuture:
    ctx.report("SUBAGENT", _agent_name(execution), "started")
    # Upstream's `submit` is a coroutine; an internal setup's gives its deferred handle at once.
    submitted = execution.setup.submit(ctx, execution.args)
    return submitted if isinstance(submitted, SubagentFuture) else await submitted


def _settle(execution: Delegation, result: SubagentResult) -> ToolResponse:
    """The normalized, rendered result, or why it failed."""
    if not result.success:
        return _failure(execution, result.error_message)
    try:
        return ToolResponse.ok(to_chat_message_content(normalize_result(result.result, execution.setup.result_type())))
    except Exception as error:
        return _failure(execution, failure_reason(error))


def _cancel_from(futures: list[SubagentFuture], start: int) -> None:
    """Cancels the handle whose await was interrupted and every one after it."""
    for future in futures[start:]:
        future.cancel()


async def delegate_serially(execution: Delegation, ctx: RunnerContext) -> ToolResponse:
    """Submit, then await at once; the arguments go to `submit` as they are, with no durable
    wrapper (the setup owns its durability)."""
    try:
        future = await _submit(ctx, execution)
    except Exception as error:
        return _report_delegation_end(ctx, execution, _failure(execution, failure_reason(error)))
    try:
        result = await future
    except asyncio.CancelledError:
        future.cancel()
        raise
    except Exception as error:
        return _report_delegation_end(ctx, execution, _failure(execution, failure_reason(error)))
    return _report_delegation_end(ctx, execution, _settle(execution, result))


async def delegate_batch(executions: list[Delegation], ctx: RunnerContext, book: ResponseBook) -> None:
    """Submit every delegation in call order before awaiting any, then await them in call order,
    each with its own failure handling, so the runs overlap. A failure at submit is recorded then
    and that handle is never awaited. A cancellation cancels every handle submitted and not yet
    awaited to the end, then propagates."""
    submitted: list[tuple[Delegation, SubagentFuture]] = []
    for execution in executions:
        try:
            submitted.append((execution, await _submit(ctx, execution)))
        except asyncio.CancelledError:
            _cancel_from([f for _, f in submitted], 0)
            raise
        except Exception as error:
            book.record(execution.call_id, _report_delegation_end(ctx, execution, _failure(execution, failure_reason(error))))
    for index, (execution, future) in enumerate(submitted):
        try:
            result = await future
        except asyncio.CancelledError:
            _cancel_from([f for _, f in submitted], index)
            raise
        except Exception as error:
            book.record(execution.call_id, _report_delegation_end(ctx, execution, _failure(execution, failure_reason(error))))
            continue
        book.record(execution.call_id, _report_delegation_end(ctx, execution, _settle(execution, result)))
