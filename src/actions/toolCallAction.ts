import { readToolCall } from '../chat/toolCall.js';
import type { ActionFunction } from '../runtime/actionFunction.js';
import type { ToolRequestEvent } from '../runtime/events.js';
import type { RunnerContext } from '../runtime/runnerContext.js';
import { ToolResponse } from '../tools/toolResponse.js';
import { delegateBatch, delegateSerially } from './dispatchSubagent.js';
import { prepareToolCall, type Execution } from './prepareToolCall.js';
import { ResponseBook } from './responseBook.js';
import { runTool, runToolBatch } from './runTools.js';

/**
 * `serial` runs each call in order; `batched` (upstream TOOL_CALL_ASYNC with a parallelism above
 * one) overlaps them when there is more than one call to execute.
 */
export type ToolCallMode = 'serial' | 'batched';

/**
 * The tool-call action (reference §4): prepares every call (preparation failures are recorded
 * first), executes the rest serially or batched, and sends exactly one `ToolResponseEvent`. On a
 * cancellation nothing is sent: it propagates.
 */
export const processToolRequest = async (event: ToolRequestEvent, ctx: RunnerContext, mode: ToolCallMode): Promise<void> => {
  const book = new ResponseBook();
  const executions: Execution[] = [];
  for (const [index, tree] of event.toolCalls.entries()) {
    const call = readToolCall(tree, `tool_calls[${index}]`);
    book.noteExternalId(call.id, call.originalId);
    const prepared = prepareToolCall(call, ctx);
    if (prepared instanceof ToolResponse) book.record(call.id, prepared);
    else executions.push(prepared);
  }
  if (mode === 'batched' && executions.length > 1) {
    const delegations = executions.filter((e): e is Extract<Execution, { kind: 'agent' }> => e.kind === 'agent');
    const tools = executions.filter((e): e is Extract<Execution, { kind: 'tool' }> => e.kind === 'tool');
    await delegateBatch(delegations, ctx, book);
    const responses = await runToolBatch(tools, ctx);
    tools.forEach((tool, index) => book.record(tool.callId, responses[index] as ToolResponse));
  } else {
    for (const execution of executions) {
      book.record(execution.callId, execution.kind === 'agent' ? await delegateSerially(execution, ctx) : await runTool(execution, ctx));
    }
  }
  ctx.sendEvent(book.toEvent(event.id));
};

/** The built-in tool-call action (upstream `process_tool_request`) in one mode. */
export const toolCallAction =
  (mode: ToolCallMode = 'serial'): ActionFunction =>
  (event, ctx) =>
    processToolRequest(event as ToolRequestEvent, ctx, mode);
