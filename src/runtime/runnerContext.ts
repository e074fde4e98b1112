import { isPlainObject, objectEntries, type PyJson, type PyJsonObject } from '../json/pyJson.js';
import type { ResourceType } from '../resources/resourceType.js';
import { InvalidStateError } from './internalSubagentCalls.js';
import type { InternalSubagentCalls } from './internalSubagentCalls.js';
import type { Event } from './events.js';
import { stampReport, type ExecutionReport, type ReportInput } from './executionReport.js';
import { DurableExecutor, type DurableCallable } from './durableExecutor.js';
import type { DurableStore } from './durableStore.js';
import { ActionMemory, type CommittedMemory } from './memory/actionMemory.js';
import { MemoryNodes } from './memory/memoryNodes.js';
import type { MemoryObject } from './memory/memoryObject.js';
import { ReadableConfiguration } from './readableConfiguration.js';

/** What an action gets to work with (the upstream `RunnerContext`). */
export interface RunnerContext {
  getResource(name: string, type: ResourceType): unknown;
  /** The configuration in effect: the plan's, or inside a sub-agent scope the child plan's. */
  getConfig(): ReadableConfiguration;
  /** The configuration the running action was declared with (empty when it has none). */
  getActionConfig(): ReadonlyMap<string, PyJson>;
  /** One value of that configuration, or undefined. */
  getActionConfigValue(key: string): PyJson | undefined;
  sendEvent(event: Event): void;
  /** Memory kept per run key across inputs, and restored by a replay (upstream short-term memory). */
  getShortTermMemory(): MemoryObject;
  /** Memory of this input's run only (upstream sensory memory). */
  getSensoryMemory(): MemoryObject;
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

/** Where an action's resources are looked up (the runner's resources, or a sub-agent scope's). */
export interface ResourceLookup {
  get(name: string, type: ResourceType): unknown;
}

export interface ActionContextOptions {
  readonly resources: ResourceLookup;
  /** The running action's configuration, as its plan holds it. */
  readonly config?: PyJson | undefined;
  /** The configuration of the plan the action belongs to (the child plan's in a sub-agent scope). */
  readonly planConfig?: ReadonlyMap<string, PyJson>;
  readonly store: DurableStore;
  /** Durable records of this action execution live under this key: `<run key>/<action number>`. */
  readonly scope: string;
  readonly sessions: SessionIds;
  readonly emit: (event: Event) => void;
  readonly onReport?: (report: ExecutionReport) => void;
  /** The memories as they stand when the action starts; fresh empty ones by default. */
  readonly memory?: CommittedMemory;
  /** Makes the internal sub-agent calls of this action (a runner that runs internal sub-agents gives it). */
  readonly internalCalls?: (ctx: ActionContext) => InternalSubagentCalls;
}

/** Empty short-term and sensory memories. */
export const freshMemory = (): CommittedMemory => ({ shortTerm: new MemoryNodes(), sensory: new MemoryNodes() });

// An action's configuration as an ordered Map, whichever form the plan holds it in.
const configMap = (config: PyJson | undefined): ReadonlyMap<string, PyJson> => {
  if (config instanceof Map) return config;
  if (isPlainObject(config)) return new Map(objectEntries(config as PyJsonObject));
  return new Map();
};

/** The context of one action execution. */
export class ActionContext implements RunnerContext {
  private readonly executor: DurableExecutor;
  private readonly config: ReadonlyMap<string, PyJson>;
  private readonly memory: ActionMemory;
  private readonly calls: InternalSubagentCalls | undefined;

  constructor(private readonly options: ActionContextOptions) {
    this.executor = new DurableExecutor(options.store, options.scope);
    this.config = configMap(options.config);
    this.memory = new ActionMemory(options.memory ?? freshMemory());
    this.calls = options.internalCalls?.(this);
  }

  /** The internal sub-agent calls of this action, when the runner runs internal sub-agents. */
  internalSubagentCalls(): InternalSubagentCalls | undefined {
    return this.calls;
  }

  /**
   * Ends the action that returned: a handle it submitted and never resolved fails it (upstream's
   * words); otherwise its memory writes are published (recorded, or replayed from the record).
   */
  complete(actionName: string): void {
    const unresolved = this.calls?.unresolved() ?? [];
    if (unresolved.length > 0) {
      throw new InvalidStateError(
        `Action ${actionName} finished without resolving the sub-agent calls it submitted: [${unresolved.join(', ')}]. ` +
          'Resolve every handle returned by submit(), individually or through SubagentFutures.',
          { code: 'SUBAGENT_CALLS_UNRESOLVED' },
      );
    }
    this.memory.commit(this.options.store, this.options.scope);
  }

  /** Durable calls this action actually executed (replayed ones are not counted). */
  get durableExecutions(): number {
    return this.executor.executions;
  }

  getResource(name: string, type: ResourceType): unknown {
    return this.options.resources.get(name, type);
  }

  getConfig(): ReadableConfiguration {
    return new ReadableConfiguration(this.options.planConfig);
  }

  getActionConfig(): ReadonlyMap<string, PyJson> {
    return this.config;
  }

  getActionConfigValue(key: string): PyJson | undefined {
    return this.config.get(key);
  }

  sendEvent(event: Event): void {
    this.options.emit(event);
  }

  getShortTermMemory(): MemoryObject {
    return this.memory.shortTerm;
  }

  getSensoryMemory(): MemoryObject {
    return this.memory.sensory;
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
