import type { SubagentFuture } from './subagentFuture.js';
import type { SubagentResult } from './subagentResult.js';

/** Runs handles awaited as one group (internal sub-agent calls: admission, group checks, reference §3.8). */
export interface BatchRunner {
  runBatch(futures: readonly SubagentFuture[]): Promise<SubagentResult[]>;
}

/** A handle that runs in a batch when awaited with others. */
export interface BatchedFuture {
  readonly batch: BatchRunner;
}

const batchOf = (future: SubagentFuture): BatchRunner | undefined => (future as Partial<BatchedFuture>).batch;

/** Several handles awaited together; `await futures` gives their results in the order added. */
export class SubagentFutures implements PromiseLike<SubagentResult[]> {
  readonly futures: readonly SubagentFuture[];

  constructor(...futures: SubagentFuture[]) {
    this.futures = futures;
  }

  get size(): number {
    return this.futures.length;
  }

  done(): boolean {
    return this.futures.every((future) => future.done());
  }

  cancel(): void {
    for (const future of this.futures) future.cancel();
  }

  /** These handles followed by the others (a `SubagentFutures` adds its handles in order). */
  combine(...others: Array<SubagentFuture | SubagentFutures>): SubagentFutures {
    const added = others.flatMap((other) => (other instanceof SubagentFutures ? other.futures : [other]));
    return new SubagentFutures(...this.futures, ...added);
  }

  wait(): Promise<SubagentResult[]> {
    const batch = this.futures.map(batchOf).find((b) => b !== undefined);
    if (batch !== undefined) return batch.runBatch(this.futures);
    return Promise.all(this.futures.map((future) => future.wait()));
  }

  then<TResult1 = SubagentResult[], TResult2 = never>(
    onfulfilled?: ((value: SubagentResult[]) => TResult1 | PromiseLike<TResult1>) | null,
    onrejected?: ((reason: unknown) => TResult2 | PromiseLike<TResult2>) | null,
  ): PromiseLike<TResult1 | TResult2> {
    return this.wait().then(onfulfilled, onrejected);
  }
}
