import type { DurableCallable } from '../runtime/durableExecutor.js';
import { isCancellation } from '../runtime/cancellation.js';
import type { RunnerContext } from '../runtime/runnerContext.js';
import { toToolResponse, ToolResponse } from '../tools/toolResponse.js';
import { failureReason, toolFailure } from './failureText.js';
import type { Execution } from './prepareToolCall.js';

type ToolExecution = Extract<Execution, { kind: 'tool' }>;

// The rendered response is what is recorded, so a replay gives the model the same text.
const toolCallable = (execution: ToolExecution): DurableCallable<ToolResponse> => ({
  name: `tool:${execution.name}`,
  call: async () => toToolResponse(await execution.tool.call(execution.args)),
  encode: (response) => response.toJson(),
  decode: (tree) => ToolResponse.fromJson(tree),
});

const reportToolEnd = (ctx: RunnerContext, execution: ToolExecution, response: ToolResponse): ToolResponse => {
  ctx.report({ scope: 'TOOL', name: execution.name, status: response.success ? 'succeeded' : 'failed' });
  return response;
};

// A failure becomes a failed response; a cancellation propagates.
const callTool = async (execution: ToolExecution, ctx: RunnerContext): Promise<ToolResponse> => {
  ctx.report({ scope: 'TOOL', name: execution.name, status: 'started' });
  try {
    return await ctx.durableExecuteAsync(toolCallable(execution));
  } catch (error) {
    if (isCancellation(error)) throw error;
    const reason = failureReason(error);
    return ToolResponse.error(toolFailure(execution.name, reason), reason);
  }
};

/** One plain tool call through `durableExecuteAsync`. */
export const runTool = async (execution: ToolExecution, ctx: RunnerContext): Promise<ToolResponse> =>
  reportToolEnd(ctx, execution, await callTool(execution, ctx));

/**
 * The plain tools of a batch, concurrently (each durable call numbered in call order), their
 * responses in call order. A cancellation propagates once every call has settled.
 */
export const runToolBatch = async (executions: readonly ToolExecution[], ctx: RunnerContext): Promise<ToolResponse[]> => {
  const settled = await Promise.allSettled(executions.map((execution) => callTool(execution, ctx)));
  // Ends are reported in call order once all settled, so that the reports do not depend on timing.
  return settled.map((outcome, index) => {
    if (outcome.status === 'rejected') throw outcome.reason;
    return reportToolEnd(ctx, executions[index] as ToolExecution, outcome.value);
  });
};
