import type { Event } from './events.js';
import { stampReport, type ExecutionReport, type ReportInput } from './executionReport.js';
import { DurableExecutor, type DurableCallable } from './durableExecutor.js';
import type { DurableStore } from './durableStore.js';
import type { Resources, ResourceTypeName } from './resources.js';

/** What an action gets to work with (the upstream `RunnerContext`). */
export interface RunnerContext {
  getResource(name: string, type: ResourceTypeName): unknown;
  sendEvent(event: Event): void;
  /** A session id that is the same on every replay of the run (the n-th session of the run). */
  nextSessionId(): string;
  durableExecute<T>(callable: DurableCallable<T>): T;
  durableExecuteAsync<T>(callable: DurableCallable<T>): Promise<T>;
  /** Runs the callables concurrently; the results come back in submission order. */
  durableExecuteAllAsync<T>(callables: readonly DurableCallable<T>[]): Promise<T[]>;
  /** Records the progress of a call (created, started, succeeded, failed), stamped with the time. */
  report(report: ReportInput): void;
}

/** Counts the sessions of one run, so that session ids do not depend on timing. */
export class SessionIds {
  private count = 0;
  constructor(private readonly runKey: string) {}
  next(): string {
    this.count += 1;
    return `${this.runKey}.session-${this.count}`;
  }
}

export interface ActionContextOptions {
  readonly resources: Resources;
  readonly store: DurableStore;
  /** Durable records of this action execution live under this key: `<run key>/<action number>`. */
  readonly scope: string;
  readonly sessions: SessionIds;
  readonly emit: (event: Event) => void;
  readonly onReport?: (report: ExecutionReport) => void;
}

/** The context of one action execution. */
export class ActionContext implements RunnerContext {
  private readonly executor: DurableExecutor;

  constructor(private readonly options: ActionContextOptions) {
    this.executor = new DurableExecutor(options.store, options.scope);
  }

  /** Durable calls this action actually executed (replayed ones are not counted). */
  get durableExecutions(): number {
    return this.executor.executions;
  }

  getResource(name: string, type: ResourceTypeName): unknown {
    return this.options.resources.get(name, type);
  }

  sendEvent(event: Event): void {
    this.options.emit(event);
  }

  nextSessionId(): string {
    return this.options.sessions.next();
  }

  durableExecute<T>(callable: DurableCallable<T>): T {
    return this.executor.execute(callable);
  }

  durableExecuteAsync<T>(callable: DurableCallable<T>): Promise<T> {
    return this.executor.executeAsync(callable);
  }

  durableExecuteAllAsync<T>(callables: readonly DurableCallable<T>[]): Promise<T[]> {
    return this.executor.executeAll(callables);
  }

  report(report: ReportInput): void {
    this.options.onReport?.(stampReport(report));
  }
}
