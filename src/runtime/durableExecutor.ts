import { AgentparityError, InvalidTypeError, errorKind, type ErrorKind } from '../errors.js';
import type { PyJson } from '../json/pyJson.js';
import { isCancellation } from './cancellation.js';
import type { DurableOutcome, DurableStore } from './durableStore.js';

/**
 * Something to call once and remember. `name` is recorded with the outcome and checked on replay,
 * so that a run that takes a different path is caught instead of replaying another call's result.
 * A value that is not JSON itself (a `SubagentResult`, a chat message) gives `encode`/`decode`.
 */
export interface DurableCallable<T> {
  readonly name: string;
  call(): T | Promise<T>;
  encode?(value: T): PyJson;
  decode?(value: PyJson): T;
  /** The stable id the call is made under, recorded at its start (the call's key by default). */
  readonly invocationId?: string;
  /**
   * What a restart does instead of `call` when the call had started and never completed (the
   * process died during it), given the id it was started under. Absent, the call is repeated.
   */
  recover?(invocationId: string): T | Promise<T>;
}

export const durable = <T>(name: string, call: () => T | Promise<T>): DurableCallable<T> => ({ name, call });

/** A recorded failure, raised again on replay with the kind and message it was recorded with. */
export class RecordedError extends AgentparityError {
  readonly kind: ErrorKind;
  constructor(kind: string, message: string) {
    super(message, { code: 'RECORDED_FAILURE' });
    this.kind = kind as ErrorKind;
  }
}

/** A replayed run reached a recorded call under another name: the run is not deterministic. */
export class ReplayMismatchError extends AgentparityError {
  readonly kind = 'RuntimeError';
}

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Durable execution for one action execution: the n-th call it makes is recorded under
 * `<scope>/<n>`, so a restarted run that makes the same calls in the same order replays them.
 * Numbers are taken when a call is made, not when it finishes, so concurrent calls replay too.
 */
export class DurableExecutor {
  private next = 0;
  /** Calls actually executed (not replayed) by this executor. */
  executions = 0;

  constructor(
    private readonly store: DurableStore,
    private readonly scope: string,
  ) {}

  execute<T>(callable: DurableCallable<T>): T {
    const key = this.takeKey();
    const recorded = this.replay(key, callable);
    if (recorded !== undefined) return unwrap(recorded, callable);
    const run = this.begin(key, callable);
    let value: T;
    try {
      value = run() as T;
    } catch (error) {
      this.recordFailure(key, callable.name, error);
      throw error;
    }
    if (isThenable(value)) throw new InvalidTypeError(`durableExecute needs a synchronous callable; ${callable.name} returned a promise, use durableExecuteAsync`, { code: 'DURABLE_CALLABLE_ASYNC' });
    this.store.put(key, { name: callable.name, outcome: { status: 'succeeded', value: encode(callable, value) } });
    return value;
  }

  executeAsync<T>(callable: DurableCallable<T>): Promise<T> {
    const key = this.takeKey();
    const recorded = this.replay(key, callable);
    if (recorded !== undefined) return Promise.resolve().then(() => unwrap(recorded, callable));
    const run = this.begin(key, callable);
    return (async () => {
      let value: T;
      try {
        value = await run();
      } catch (error) {
        this.recordFailure(key, callable.name, error);
        throw error;
      }
      this.store.put(key, { name: callable.name, outcome: { status: 'succeeded', value: encode(callable, value) } });
      return value;
    })();
  }

  /** Runs every callable concurrently; results in submission order, the first failure (in that order) raised. */
  async executeAll<T>(callables: readonly DurableCallable<T>[]): Promise<T[]> {
    const settled = await Promise.allSettled(callables.map((c) => this.executeAsync(c)));
    return settled.map((s) => {
      if (s.status === 'rejected') throw s.reason;
      return s.value;
    });
  }

  private takeKey(): string {
    const key = `${this.scope}/${this.next}`;
    this.next += 1;
    return key;
  }

  // Records the start before anything runs; a start found from an earlier process means that
  // process died during the call, so the callable's recovery runs instead of the call.
  private begin<T>(key: string, callable: DurableCallable<T>): () => T | Promise<T> {
    const interrupted = this.store.started(key);
    if (interrupted !== undefined) this.checkName(key, interrupted, callable);
    else this.store.start(key, { name: callable.name, invocationId: callable.invocationId ?? key });
    this.executions += 1;
    const recover = callable.recover?.bind(callable);
    if (interrupted === undefined || recover === undefined) return () => callable.call();
    return () => recover(interrupted.invocationId);
  }

  private checkName(key: string, recorded: { readonly name: string }, callable: DurableCallable<unknown>): void {
    if (recorded.name !== callable.name) {
      throw new ReplayMismatchError(`Durable call ${key} was recorded for ${recorded.name}, but the replayed run called ${callable.name}`, { code: 'REPLAY_MISMATCH' });
    }
  }

  private replay<T>(key: string, callable: DurableCallable<T>): DurableOutcome | undefined {
    const record = this.store.get(key);
    if (record === undefined) return undefined;
    this.checkName(key, record, callable);
    return record.outcome;
  }

  // A cancellation is not an outcome: the call never finished, so it runs again after a restart.
  private recordFailure(key: string, name: string, error: unknown): void {
    if (isCancellation(error)) return;
    this.store.put(key, { name, outcome: { status: 'failed', kind: errorKind(error), message: errorMessage(error) } });
  }
}

const isThenable = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

const encode = <T>(callable: DurableCallable<T>, value: T): PyJson =>
  callable.encode === undefined ? (value as PyJson) : callable.encode(value);

const unwrap = <T>(outcome: DurableOutcome, callable: DurableCallable<T>): T => {
  if (outcome.status === 'failed') throw new RecordedError(outcome.kind, outcome.message);
  return callable.decode === undefined ? (outcome.value as T) : callable.decode(outcome.value);
};
