import type { PyJson } from '../json/pyJson.js';
import type { RunnerContext } from '../runtime/runnerContext.js';
import { SubagentFuture } from '../subagent/subagentFuture.js';
import { SubagentResult } from '../subagent/subagentResult.js';

/** The handle of a call already under way: done once its promise settles; cancelling runs `onCancel`. */
export class PromiseFuture extends SubagentFuture {
  private settled = false;
  private readonly outcome: Promise<SubagentResult>;

  constructor(
    sessionId: string,
    callId: string,
    pending: Promise<SubagentResult>,
    private readonly onCancel: () => void = () => {},
  ) {
    super(sessionId, callId);
    this.outcome = pending.finally(() => {
      this.settled = true;
    });
    // A handle may never be awaited (a batch whose other call failed); that is not an unhandled failure.
    this.outcome.catch(() => {});
  }

  done(): boolean {
    return this.settled;
  }

  override cancel(): void {
    this.onCancel();
  }

  wait(): Promise<SubagentResult> {
    return this.outcome;
  }
}

export const encodeResult = (result: SubagentResult): PyJson =>
  new Map<string, PyJson>([
    ['success', result.success],
    ['result', result.result as PyJson],
    ['error_message', result.errorMessage],
  ]);

export const decodeResult = (tree: PyJson): SubagentResult => {
  const fields = tree as ReadonlyMap<string, PyJson>;
  const message = fields.get('error_message');
  return new SubagentResult(fields.get('success') === true, fields.get('result') ?? null, typeof message === 'string' ? message : null);
};

/** What a restart does with a call whose outcome it cannot learn: make it again, or fail it. */
export type UnknownOutcomePolicy = 'repeat' | 'fail-closed';

/** What a probe learned of an interrupted call: how it ended, that it never arrived, or nothing. */
export type ProbeAnswer =
  | { readonly status: 'completed'; readonly value: PyJson }
  | { readonly status: 'failed'; readonly error: Error }
  | { readonly status: 'not-started' }
  | { readonly status: 'unknown' };

/** Asks the sub-agent how the call made under an invocation id ended; never throws. */
export type Probe = (invocationId: string) => Promise<ProbeAnswer>;

export interface DurableSubagentCallOptions {
  /** The stable id of the call, `sessionId#callId`. */
  readonly invocationId?: string;
  readonly probe?: Probe;
  /** When no probe settles an interrupted call; `repeat` by default. */
  readonly unknownOutcome?: UnknownOutcomePolicy;
}

export const invocationIdOf = (sessionId: string, callId: string): string => `${sessionId}#${callId}`;

const unknownOutcomeMessage = (invocationId: string): string =>
  `Sub-agent call ${invocationId} has an unknown outcome after a restart`;

const settle = async (work: () => Promise<PyJson>): Promise<SubagentResult> => {
  try {
    return SubagentResult.ok(await work());
  } catch (error) {
    return SubagentResult.error(error instanceof Error ? error : String(error));
  }
};

// An interrupted call is reconciled before anything is sent again: the probe's answer first, then
// the policy; `fail-closed` gives a failed result rather than risk doing the work twice.
const reconcile = async (invocationId: string, work: () => Promise<PyJson>, options: DurableSubagentCallOptions): Promise<SubagentResult> => {
  const answer: ProbeAnswer = options.probe === undefined ? { status: 'unknown' } : await options.probe(invocationId);
  if (answer.status === 'completed') return SubagentResult.ok(answer.value);
  if (answer.status === 'failed') return SubagentResult.error(answer.error);
  if (answer.status === 'unknown' && (options.unknownOutcome ?? 'repeat') === 'fail-closed') {
    return SubagentResult.error(unknownOutcomeMessage(invocationId));
  }
  return settle(work);
};

/**
 * One sub-agent call as a durable execution named `name` (the setup owns its durability): a run
 * restarted on the same store gets the recorded result instead of working again. A throw is a
 * failed result with the error summary (`Name: message`), as upstream asks of implementations.
 * A call the process died during is reconciled on restart (see `reconcile`).
 */
export const durableSubagentCall = (
  ctx: RunnerContext,
  name: string,
  work: () => Promise<PyJson>,
  options: DurableSubagentCallOptions = {},
): Promise<SubagentResult> =>
  ctx.durableExecuteAsync({
    name,
    call: () => settle(work),
    recover: (invocationId) => reconcile(invocationId, work, options),
    encode: encodeResult,
    decode: decodeResult,
    ...(options.invocationId === undefined ? {} : { invocationId: options.invocationId }),
  });
