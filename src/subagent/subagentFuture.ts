import type { SubagentResult } from './subagentResult.js';
import { SubagentFutures } from './subagentFutures.js';

/** The handle of one submitted sub-agent call; `await future` gives its `SubagentResult`. */
export abstract class SubagentFuture implements PromiseLike<SubagentResult> {
  constructor(
    readonly sessionId: string,
    readonly callId: string,
  ) {}

  get identity(): string {
    return `${this.sessionId}#${this.callId}`;
  }

  /** Whether the call has finished, whichever way. */
  abstract done(): boolean;

  /** The outcome of the call, once it has one. */
  abstract wait(): Promise<SubagentResult>;

  /** Asks the call to stop; does nothing unless an implementation can stop it. */
  cancel(): void {}

  combine(...others: Array<SubagentFuture | SubagentFutures>): SubagentFutures {
    return new SubagentFutures(this).combine(...others);
  }

  then<TResult1 = SubagentResult, TResult2 = never>(
    onfulfilled?: ((value: SubagentResult) => TResult1 | PromiseLike<TResult1>) | null,
    onrejected?: ((reason: unknown) => TResult2 | PromiseLike<TResult2>) | null,
  ): PromiseLike<TResult1 | TResult2> {
    return this.wait().then(onfulfilled, onrejected);
  }
}
