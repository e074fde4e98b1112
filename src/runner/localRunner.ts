import type { ToolCallMode } from '../actions/toolCallAction.js';
import { ChatModelSetup } from '../chat/chatModelSetup.js';
import type { PyJson } from '../json/pyJson.js';
import type { Action } from '../plan/action.js';
import type { Agent } from '../plan/agent.js';
import { AgentPlan } from '../plan/agentPlan.js';
import type { ClassRegistry } from '../plan/classRegistry.js';
import { collectActions } from '../plan/collectActions.js';
import { defaultRegistry } from '../plan/defaultRegistry.js';
import { ResourceType } from '../resources/resourceType.js';
import { isCancellation } from '../runtime/cancellation.js';
import { claimStore } from '../runtime/claimStore.js';
import type { DurableStore } from '../runtime/durableStore.js';
import { eventToJson } from '../runtime/eventJson.js';
import { EVENT_TYPES, InputEvent, OutputEvent, type Event } from '../runtime/events.js';
import type { ExecutionReport } from '../runtime/executionReport.js';
import { MemoryNodes } from '../runtime/memory/memoryNodes.js';
import { SessionIds } from '../runtime/runnerContext.js';
import { SqliteStore } from '../runtime/sqliteStore.js';
import { AgentResources } from './agentResources.js';
import { CallRunner, type CallRun } from './internal/callRunner.js';
import { NamedFunctions } from './namedFunctions.js';
import { PlanPaths } from './planPaths.js';
import { runnableActions } from './runnableActions.js';

export interface LocalRunnerOptions {
  /** Where completed durable calls are recorded: a store, or the path of a SQLite file. In-memory SQLite by default. */
  readonly store?: DurableStore | string;
  /** How long `run` waits for a store another run holds before it fails (0, the default: it fails at once). */
  readonly claimWaitMs?: number;
  /** How the built-in tool-call action runs several calls of one request. */
  readonly toolCallMode?: ToolCallMode;
  /** The classes descriptors are built through; the runtime's own by default. */
  readonly registry?: ClassRegistry;
  /** The implementations of functions a plan only names (any language's descriptor), for its actions and function tools. */
  readonly functions?: NamedFunctions;
  /** Called when an action has run, e.g. to watch progress. */
  readonly onAction?: (action: string, event: Event) => void;
  /** Receives the progress reports of tool calls and delegations. */
  readonly onReport?: (report: ExecutionReport) => void;
}

/** One input's run: its outputs, the events it processed in order, and its failure if it failed. */
export interface InputRun {
  readonly key: string;
  readonly outputs: PyJson[];
  readonly trace: Event[];
  readonly durableExecutions: number;
  /** The internal sub-agent calls the input made, in the order they completed. */
  readonly calls: CallRun[];
  readonly error?: unknown;
}

/**
 * Runs an agent, or the plan built from one, over inputs, one after the other (the upstream local
 * runner). The actions are the plan's, in its order: the agent's own, then the built-in
 * chat-model and tool-call actions of this runtime. Chat-model setups are opened first. Each
 * input starts as an `InputEvent`; events are processed in the order they were sent, every
 * listening action running to completion before the next event. Durable records are keyed by
 * input key (`<key>@<n>` for the n-th repeat of a key) and action number, so a run restarted on the same store replays what completed
 * instead of calling again, and a call it was killed during is reconciled first. An action's memory writes are published when it completes and recorded
 * beside its calls, so a replay restores them; short-term memory is kept per key for the runner's
 * life, sensory memory for one input. A failing input is reported with its error and the other inputs still
 * run; a cancellation stops the whole run.
 */
export class LocalRunner {
  private readonly store: DurableStore;
  private readonly actions: readonly Action[];
  private readonly resources: AgentResources;
  private readonly config: ReadonlyMap<string, PyJson>;
  private readonly functions: NamedFunctions;
  private readonly paths = new PlanPaths();
  /** Short-term memory by run key, kept for the runner's life. */
  private readonly shortTerm = new Map<string, MemoryNodes>();
  /** How many inputs of each key this runner has run. */
  private readonly runsOfKey = new Map<string, number>();

  constructor(
    source: Agent | AgentPlan,
    private readonly options: LocalRunnerOptions = {},
  ) {
    this.functions = options.functions ?? new NamedFunctions();
    if (source instanceof AgentPlan) {
      this.actions = [...source.actions.values()];
      this.resources = AgentResources.ofPlan(source, options.registry ?? defaultRegistry, { functions: this.functions, paths: this.paths, path: '' });
      this.config = source.config?.confData ?? new Map();
    } else {
      this.actions = [...collectActions(source).values()];
      this.resources = AgentResources.ofAgent(source, options.registry ?? defaultRegistry);
      this.config = new Map();
    }
    this.store = typeof options.store === 'object' ? options.store : new SqliteStore(options.store ?? ':memory:');
  }

  /**
   * Runs each input under its key (`input-<n>` by default; give stable keys to resume a crashed run).
   * The store is claimed for the whole run: a store another run holds fails it with `StoreClaimedError`.
   */
  async run(inputs: readonly PyJson[], keys?: readonly string[]): Promise<InputRun[]> {
    await claimStore(this.store, this.options.claimWaitMs ?? 0);
    try {
      this.openChatModels();
      const runs: InputRun[] = [];
      for (const [index, input] of inputs.entries()) runs.push(await this.runOne(input, keys?.[index] ?? `input-${index}`));
      return runs;
    } finally {
      this.store.release();
    }
  }

  // Setup-time failures (a bad sub-agent declaration) fail the whole run before any input.
  private openChatModels(): void {
    for (const [, model] of this.resources.list(ResourceType.CHAT_MODEL)) {
      if (model instanceof ChatModelSetup) model.open((name, type) => this.resources.get(name, type));
    }
  }

  close(): void {
    this.store.close();
  }

  private async runOne(input: PyJson, key: string): Promise<InputRun> {
    const outputs: PyJson[] = [];
    const trace: Event[] = [];
    const queue: Event[] = [new InputEvent(input)];
    // A key's later inputs record under `<key>@<n>`, so that they do not replay its first input's records.
    const repeat = this.runsOfKey.get(key) ?? 0;
    this.runsOfKey.set(key, repeat + 1);
    const recordKey = repeat === 0 ? key : `${key}@${repeat}`;
    const sessions = new SessionIds(recordKey);
    const actions = runnableActions(this.actions, this.options.toolCallMode ?? 'serial', { functions: this.functions, path: '' });
    let actionNumber = 0;
    let durableExecutions = 0;
    const shortTerm = this.shortTerm.get(key) ?? new MemoryNodes();
    this.shortTerm.set(key, shortTerm);
    const memory = { shortTerm, sensory: new MemoryNodes() };
    const calls = new CallRunner({
      store: this.store,
      root: this.resources,
      registry: this.options.registry ?? defaultRegistry,
      functions: this.functions,
      paths: this.paths,
      toolCallMode: this.options.toolCallMode ?? 'serial',
      key,
      sequenceNumber: repeat,
      onReport: this.options.onReport,
    });
    try {
      for (let event = queue.shift(); event !== undefined; event = queue.shift()) {
        trace.push(event);
        if (event.type === EVENT_TYPES.output) outputs.push((event as OutputEvent).output);
        for (const action of actions.filter((a) => a.listensTo.includes(event!.type))) {
          const ctx = calls.context(action, event, {
            resources: this.resources,
            scope: `${recordKey}/${actionNumber}`,
            sessions,
            memory,
            planConfig: this.config,
            emit: (sent) => queue.push(sent),
          });
          actionNumber += 1;
          await action.run(event, ctx);
          ctx.complete(action.name);
          durableExecutions += ctx.durableExecutions;
          this.options.onAction?.(action.name, event);
        }
      }
    } catch (error) {
      if (isCancellation(error)) throw error;
      return { key, outputs, trace, durableExecutions, calls: calls.calls, error };
    }
    return { key, outputs, trace, durableExecutions, calls: calls.calls };
  }
}

/** The trace of a run as cross-language event trees. */
export const traceToJson = (trace: readonly Event[]): PyJson[] => trace.map(eventToJson);
