"""The built-in tool-call action (reference §4): prepare, execute serially or batched, respond once."""

from __future__ import annotations

from typing import Literal

from ..chat.tool_call import read_tool_call
from ..runtime.action_function import ActionFunction
from ..runtime.events import Event, ToolRequestEvent
from ..runtime.runner_context import RunnerContext
from ..tools.tool_response import ToolResponse
from .dispatch_subagent import delegate_batch, delegate_serially
from .prepare_tool_call import Delegation, Execution, ToolExecution, prepare_tool_call
from .response_book import ResponseBook
from .run_tools import run_tool, run_tool_batch

ToolCallMode = Literal["serial", "batched"]
"""`serial` runs each call in order; `batched` (upstream TOOL_CALL_ASYNC with a parallelism above
one) overlaps them when there is more than one call to execute."""


async def process_tool_request(event: ToolRequestEvent, ctx: RunnerContext, mode: ToolCallMode) -> None:
    """Preparation failures are recorded first; exactly one `ToolResponseEvent` is sent, or none
    when a cancellation propagates."""
    book = ResponseBook()
    executions: list[Execution] = []
    for index, tree in enumerate(event.tool_calls):
        call = read_tool_call(tree, f"tool_calls[{index}]")
        book.note_external_id(call.id, call.original_id)
        prepared = prepare_tool_call(call, ctx)
        if isinstance(prepared, ToolResponse):
            book.record(call.id, prepared)
        else:
            executions.append(prepared)
    if mode == "batched" and len(executions) > 1:
        await delegate_batch([e for e in executions if isinstance(e, Delegation)], ctx, book)
        tools = [e for e in executions if isinstance(e, ToolExecution)]
        for tool, response in zip(tools, await run_tool_batch(tools, ctx)):
            book.record(tool.call_id, response)
    else:
        for execution in executions:
            if isinstance(execution, Delegation):
                book.record(execution.call_id, await delegate_serially(execution, ctx))
            else:
                book.record(execution.call_id, await run_tool(execution, ctx))
    ctx.send_event(book.to_event(event.id))


def tool_call_action(mode: ToolCallMode = "serial") -> ActionFunction:
    """The built-in tool-call action (upstream `process_tool_request`) in one mode."""

    async def run(event: Event, ctx: RunnerContext) -> None:
        assert isinstance(event, ToolRequestEvent)
        await process_tool_request(event, ctx, mode)

    return run
