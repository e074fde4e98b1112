import { InvalidValueError } from '../../errors.js';
import { isPyFloat, numberValue, type PyJson } from '../../json/pyJson.js';
import { pyStr } from '../../python/pyRepr.js';
import type { InternalSubagentSetup } from '../../plan/internalSubagentSetup.js';
import type { InternalSubagentCalls } from '../../runtime/internalSubagentCalls.js';
import { CancelledError } from '../../runtime/cancellation.js';
import type { RunnerContext } from '../../runtime/runnerContext.js';
import { decodeResult, encodeResult } from '../../setups/durableSubagentCall.js';
import type { SubagentFuture } from '../../subagent/subagentFuture.js';
import type { BatchRunner } from '../../subagent/subagentFutures.js';
import { SubagentResult } from '../../subagent/subagentResult.js';
import { CallCancellation, CANCELLED } from './callCancellation.js';
import { InternalFuture } from './internalFuture.js';
import { SubagentIds, type IdNamespace } from './subagentIds.js';

/** Runs one internal call to completion (the runner's scope loop), or until its scope is cancelled. */
export type RunCall = (
  setup: InternalSubagentSetup,
  prompt: PyJson,
  sessionId: string,
  callId: string,
  scope: CallCancellation,
) => Promise<SubagentResult | typeof CANCELLED>;

const DEFAULT_PARALLELISM = 16;
const DEFAULT_MAX_BATCH_SIZE = 1024;

const TIMEOUT_KEY = 'subagent.timeout-ms';

const setting = (config: ReadonlyMap<string, PyJson>, key: string, fallback: number): number => {
  const value = config.get(key);
  return typeof value === 'number' || typeof value === 'bigint' || isPyFloat(value) ? numberValue(value) : fallback;
};

/**
 * The internal sub-agent calls of one action execution: ids from upstream's allocator (one per
 * setup), each call one durable slot named `<sessionId>#<callId>`, and batches (reference §3.8):
 * the group is checked first, every slot is reserved in handle order before the first starts, at
 * most `subagent.parallelism` run at once, and results come back in handle order. The tool-call
 * settings do not apply. Ours: a call that runs longer than `subagent.timeout-ms` fails with
 * `Sub-agent call timed out after <n> ms` and its scope is cancelled; cancelling the caller's
 * scope cancels every call it started, which then raises a cancellation.
 */
export class ActionCalls implements InternalSubagentCalls, BatchRunner {
  private readonly submitted: InternalFuture[] = [];
  private readonly ids = new Map<string, SubagentIds>();
  private readonly parallelism: number;
  private readonly maxBatchSize: number;
  /** How long a call may run (none: no limit), and that value as Python prints it. */
  private readonly timeoutMs: number;
  private readonly timeoutText: string;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly ctx: RunnerContext,
    private readonly task: Omit<IdNamespace, 'agentName'>,
    config: ReadonlyMap<string, PyJson>,
    private readonly runCall: RunCall,
    /** The scope of the action that makes the calls: cancelling it cancels them. */
    private readonly caller: CallCancellation = new CallCancellation(),
  ) {
    this.parallelism = setting(config, 'subagent.parallelism', DEFAULT_PARALLELISM);
    this.maxBatchSize = setting(config, 'subagent.max-batch-size', DEFAULT_MAX_BATCH_SIZE);
    this.timeoutMs = setting(config, TIMEOUT_KEY, Number.POSITIVE_INFINITY);
    this.timeoutText = pyStr(config.get(TIMEOUT_KEY) ?? null);
  }

  submit(setup: InternalSubagentSetup, prompt: PyJson, sessionId?: string, callId?: string): SubagentFuture {
    let ids = this.ids.get(setup.scope);
    if (ids === undefined) {
      ids = new SubagentIds({ ...this.task, agentName: setup.scope });
      this.ids.set(setup.scope, ids);
    }
    const session = sessionId ?? ids.nextSessionId();
    const future = new InternalFuture(this, setup, prompt, session, callId ?? ids.nextCallId(session));
    this.submitted.push(future);
    return future;
  }

  unresolved(): string[] {
    return this.submitted.filter((f) => !f.resolved).map((f) => f.identity);
  }

  runBatch(futures: readonly SubagentFuture[]): Promise<SubagentResult[]> {
    if (this.parallelism <= 0 || this.maxBatchSize <= 0) throw new InvalidValueError('subagent.max-batch-size and subagent.parallelism must be positive', { code: 'SUBAGENT_LIMITS_NOT_POSITIVE' });
    if (futures.length > this.maxBatchSize) {
      throw new InvalidValueError(`Sub-agent batch size ${futures.length} exceeds subagent.max-batch-size ${this.maxBatchSize}`, { code: 'SUBAGENT_BATCH_TOO_LARGE' });
    }
    if (futures.some((f) => !(f instanceof InternalFuture) || f.batch !== this)) {
      throw new InvalidValueError('Sub-agent handles must belong to the same runner context', { code: 'SUBAGENT_HANDLE_FOREIGN' });
    }
    if (new Set(futures).size !== futures.length) throw new InvalidValueError('Sub-agent handles must not repeat the same sub-agent future', { code: 'SUBAGENT_HANDLE_REPEATED' });
    // Every slot is reserved (its durable number taken) in handle order before any call runs.
    const outcomes = (futures as InternalFuture[]).map((f) => f.wait());
    return Promise.all(outcomes);
  }

  /** The call's durable slot: replayed when recorded, else run when a parallelism slot is free. */
  start(future: InternalFuture): Promise<SubagentResult> {
    if (this.parallelism <= 0) throw new InvalidValueError('subagent.max-batch-size and subagent.parallelism must be positive', { code: 'SUBAGENT_LIMITS_NOT_POSITIVE' });
    const { timeoutMs } = this;
    if (timeoutMs <= 0) throw new InvalidValueError(`${TIMEOUT_KEY} must be positive`, { code: 'SUBAGENT_TIMEOUT_NOT_POSITIVE' });
    let acquired = false;
    const recorded = this.ctx.durableExecuteAsync({
      name: future.identity,
      call: async () => {
        await this.acquire();
        acquired = true;
        const scope = new CallCancellation(this.caller);
        let timedOut = false;
        const timer = Number.isFinite(timeoutMs) ? setTimeout(() => { timedOut = true; scope.cancel(); }, timeoutMs) : undefined;
        try {
          const outcome = await this.runCall(future.setup, future.prompt, future.sessionId, future.callId, scope);
          if (outcome !== CANCELLED) return outcome;
          if (timedOut) return SubagentResult.error(`Sub-agent call timed out after ${this.timeoutText} ms`);
          throw new CancelledError(`Sub-agent call cancelled: ${future.identity}`, { code: 'SUBAGENT_CALL_CANCELLED' });
        } finally {
          clearTimeout(timer);
          scope.detach();
        }
      },
      encode: encodeResult,
      decode: decodeResult,
    });
    // The slot passes on once the result is recorded: a completed call is persisted before its
    // replacement is admitted (reference §3.8), so a run killed meanwhile never runs it again.
    return recorded.finally(() => {
      if (acquired) this.release();
    });
  }

  private acquire(): Promise<void> {
    if (this.running < this.parallelism) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  // A freed slot passes straight to the next waiting call.
  private release(): void {
    const next = this.waiting.shift();
    if (next === undefined) this.running -= 1;
    else next();
  }
}
