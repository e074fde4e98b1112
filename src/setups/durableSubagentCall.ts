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

const encodeResult = (result: SubagentResult): PyJson =>
  new Map<string, PyJson>([
    ['success', result.success],
    ['result', result.result as PyJson],
    ['error_message', result.errorMessage],
  ]);

const decodeResult = (tree: PyJson): SubagentResult => {
  const fields = tree as ReadonlyMap<string, PyJson>;
  const message = fields.get('error_message');
  return new SubagentResult(fields.get('success') === true, fields.get('result') ?? null, typeof message === 'string' ? message : null);
};

/**
 * One sub-agent call as a durable execution named `name` (the setup owns its durability): a run
 * restarted on the same store gets the recorded result instead of working again. A throw is a
 * failed result with the error summary (`Name: message`), as upstream asks of implementations.
 */
export const durableSubagentCall = (ctx: RunnerContext, name: string, work: () => Promise<PyJson>): Promise<SubagentResult> =>
  ctx.durableExecuteAsync({
    name,
    call: async () => {
      try {
        return SubagentResult.ok(await work());
      } catch (error) {
        return SubagentResult.error(error instanceof Error ? error : String(error));
      }
    },
    encode: encodeResult,
    decode: decodeResult,
  });
