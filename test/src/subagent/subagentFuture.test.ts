import { describe, expect, it } from 'vitest';
import { SubagentFuture } from '../../../src/subagent/subagentFuture.js';
import { SubagentFutures } from '../../../src/subagent/subagentFutures.js';
import { SubagentResult } from '../../../src/subagent/subagentResult.js';

/** A future that resolves after `delayMs` with `outcome`, recording what happened to it. */
class Scripted extends SubagentFuture {
  finished = false;
  cancelled = false;

  constructor(
    sessionId: string,
    callId: string,
    private readonly outcome: SubagentResult,
    private readonly delayMs = 0,
  ) {
    super(sessionId, callId);
  }

  done(): boolean {
    return this.finished;
  }

  override cancel(): void {
    this.cancelled = true;
  }

  async wait(): Promise<SubagentResult> {
    await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    this.finished = true;
    return this.outcome;
  }
}

class Bare extends SubagentFuture {
  done(): boolean {
    return false;
  }

  wait(): Promise<SubagentResult> {
    return Promise.resolve(SubagentResult.ok('bare'));
  }
}

describe('subagent/SubagentFuture', () => {
  it('names its call as session#call', () => {
    const future = new Bare('sid-1', 'sid-1-1');
    expect([future.sessionId, future.callId, future.identity]).toEqual(['sid-1', 'sid-1-1', 'sid-1#sid-1-1']);
  });

  it('is awaitable, and cancel does nothing by default', async () => {
    const future = new Bare('s', 'c');
    future.cancel();
    expect((await future).result).toBe('bare');
  });
});

describe('subagent/SubagentFutures', () => {
  it('resolves in the order added, whatever order the calls finish in', async () => {
    const slow = new Scripted('s', '1', SubagentResult.ok('slow'), 20);
    const fast = new Scripted('s', '2', SubagentResult.error('failed fast'));
    const third = new Scripted('s', '3', SubagentResult.ok(3));
    const futures = slow.combine(fast).combine(new SubagentFutures(third));
    expect(futures.futures.map((future) => future.callId)).toEqual(['1', '2', '3']);
    expect(futures.done()).toBe(false);
    const results = await futures;
    expect(results.map((result) => [result.success, result.result, result.errorMessage])).toEqual([
      [true, 'slow', null],
      [false, null, 'failed fast'],
      [true, 3, null],
    ]);
    expect(futures.done()).toBe(true);
  });

  it('adds without changing the original and cancels every handle', () => {
    const first = new Scripted('s', '1', SubagentResult.ok());
    const second = new Scripted('s', '2', SubagentResult.ok());
    const alone = new SubagentFutures(first);
    const both = alone.combine(second);
    expect([alone.size, both.size]).toEqual([1, 2]);
    both.cancel();
    expect([first.cancelled, second.cancelled]).toEqual([true, true]);
  });

  it('is done and resolves to nothing when empty', async () => {
    const none = new SubagentFutures();
    expect(none.done()).toBe(true);
    expect(await none).toEqual([]);
  });
});
