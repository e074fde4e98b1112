import { InvalidTypeError } from '../errors.js';
import { isCancellation } from '../runtime/cancellation.js';
import type { RunnerContext } from '../runtime/runnerContext.js';
import { CALLABLE_NAME_PREFIX } from '../subagent/callableNamePrefix.js';
import type { SubagentFuture } from '../subagent/subagentFuture.js';
import type { SubagentResult } from '../subagent/subagentResult.js';
import type { SubagentSetup } from '../subagent/subagentSetup.js';
import type { Submittable } from '../subagent/submittable.js';
import { ToolResponse } from '../tools/toolResponse.js';
import { failureReason, subagentFailure } from './failureText.js';
import { normalizeAndRender } from './normalizeResult.js';
import type { Execution } from './prepareToolCall.js';
import { pyTypeName } from '../python/pyTypeName.js';
import type { ResponseBook } from './responseBook.js';

type Delegation = Extract<Execution, { kind: 'agent' }>;

const failure = (execution: Delegation, reason: string | null): ToolResponse =>
  ToolResponse.error(subagentFailure(execution.callable, reason), reason);

const agentName = (execution: Delegation): string => execution.callable.slice(CALLABLE_NAME_PREFIX.length);

// Reports the end of a delegation under the SUBAGENT scope, and returns the response.
const reportDelegationEnd = (ctx: RunnerContext, execution: Delegation, response: ToolResponse): ToolResponse => {
  ctx.report({ scope: 'SUBAGENT', name: agentName(execution), status: response.success ? 'succeeded' : 'failed' });
  return response;
};

// A setup without `submit` fails the call as Python's attribute lookup would.
const submit = (ctx: RunnerContext, execution: Delegation): SubagentFuture => {
  ctx.report({ scope: 'SUBAGENT', name: agentName(execution), status: 'started' });
  const setup = execution.setup as SubagentSetup & Partial<Submittable>;
  if (typeof setup.submit !== 'function') throw new InvalidTypeError(`'${pyTypeName(setup)}' object has no attribute 'submit'`, { code: 'SUBAGENT_NOT_SUBMITTABLE' });
  return setup.submit(ctx, execution.args);
};

/** A finished delegation as the model reads it: the normalized, rendered result, or why it failed. */
const settle = (execution: Delegation, result: SubagentResult): ToolResponse => {
  if (!result.success) return failure(execution, result.errorMessage);
  try {
    return ToolResponse.success(normalizeAndRender(result.result, execution.setup.resultType ?? undefined).content);
  } catch (error) {
    if (isCancellation(error)) throw error;
    return failure(execution, failureReason(error));
  }
};

// Cancels every handle from `from` on: the one whose await was interrupted and all those after it.
const cancelFrom = (futures: readonly SubagentFuture[], from: number): void => {
  for (const future of futures.slice(from)) future.cancel();
};

/**
 * Serial path: submit, then await at once. The arguments go to `submit` as they are, with no
 * durable wrapper (the setup owns its durability).
 */
export const delegateSerially = async (execution: Delegation, ctx: RunnerContext): Promise<ToolResponse> => {
  let future: SubagentFuture;
  try {
    future = submit(ctx, execution);
  } catch (error) {
    if (isCancellation(error)) throw error;
    return reportDelegationEnd(ctx, execution, failure(execution, failureReason(error)));
  }
  let result: SubagentResult;
  try {
    result = await future;
  } catch (error) {
    if (isCancellation(error)) {
      future.cancel();
      throw error;
    }
    return reportDelegationEnd(ctx, execution, failure(execution, failureReason(error)));
  }
  return reportDelegationEnd(ctx, execution, settle(execution, result));
};

/**
 * Batched path (reference §4.4): submit every delegation in call order before awaiting any, then
 * await them in call order, each with its own failure handling, so the runs overlap. A failure
 * at submit is recorded then and that handle is never awaited. A cancellation cancels every
 * handle submitted and not yet awaited to the end, then propagates.
 */
export const delegateBatch = async (executions: readonly Delegation[], ctx: RunnerContext, book: ResponseBook): Promise<void> => {
  const submitted: { execution: Delegation; future: SubagentFuture }[] = [];
  for (const execution of executions) {
    try {
      submitted.push({ execution, future: submit(ctx, execution) });
    } catch (error) {
      if (isCancellation(error)) {
        cancelFrom(submitted.map((s) => s.future), 0);
        throw error;
      }
      book.record(execution.callId, reportDelegationEnd(ctx, execution, failure(execution, failureReason(error))));
    }
  }
  for (const [index, { execution, future }] of submitted.entries()) {
    let result: SubagentResult;
    try {
      result = await future;
    } catch (error) {
      if (isCancellation(error)) {
        cancelFrom(submitted.map((s) => s.future), index);
        throw error;
      }
      book.record(execution.callId, reportDelegationEnd(ctx, execution, failure(execution, failureReason(error))));
      continue;
    }
    book.record(execution.callId, reportDelegationEnd(ctx, execution, settle(execution, result)));
  }
};
