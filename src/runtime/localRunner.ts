import { chatModelAction } from '../actions/chatModelAction.js';
import { toolCallAction, type ToolCallMode } from '../actions/toolCallAction.js';
import { ChatModelSetup } from '../chat/chatModelSetup.js';
import { isCancellation } from './cancellation.js';
import type { Action, Agent } from './agent.js';
import type { DurableStore } from './durableStore.js';
import { eventToJson } from './eventJson.js';
import { EVENT_TYPES, InputEvent, OutputEvent, type Event } from './events.js';
import type { ExecutionReport } from './executionReport.js';
import { ActionContext, SessionIds } from './runnerContext.js';
import { SqliteStore } from './sqliteStore.js';
import type { PyJson } from '../json/pyJson.js';

export interface LocalRunnerOptions {
  /** Where completed durable calls are recorded: a store, or the path of a SQLite file. In-memory SQLite by default. */
  readonly store?: DurableStore | string;
  /** How the built-in tool-call action runs several calls of one request. */
  readonly toolCallMode?: ToolCallMode;
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
  readonly error?: unknown;
}

/**
 * Runs an agent over inputs, one after the other, with the built-in chat-model and tool-call
 * actions before the agent's own. Chat-model setups are opened first. Each input starts as an
 * `InputEvent`; events are processed in the order they were sent, every listening action running
 * to completion before the next event. Durable records are keyed by input key and action number,
 * so a run restarted on the same store replays what completed instead of calling again. A
 * failing input is reported with its error and the other inputs still run; a cancellation stops
 * the whole run.
 */
export class LocalRunner {
  private readonly store: DurableStore;

  constructor(
    private readonly agent: Agent,
    private readonly options: LocalRunnerOptions = {},
  ) {
    this.store = typeof options.store === 'object' ? options.store : new SqliteStore(options.store ?? ':memory:');
  }

  /** Runs each input under its key (`input-<n>` by default; give stable keys to resume a crashed run). */
  async run(inputs: readonly PyJson[], keys?: readonly string[]): Promise<InputRun[]> {
    this.openChatModels();
    const runs: InputRun[] = [];
    for (const [index, input] of inputs.entries()) runs.push(await this.runOne(input, keys?.[index] ?? `input-${index}`));
    return runs;
  }

  // Setup-time failures (a bad sub-agent declaration) fail the whole run before any input.
  private openChatModels(): void {
    const resources = this.agent.resources;
    for (const [, model] of resources.list('chat_model')) {
      if (model instanceof ChatModelSetup) model.open((name, type) => resources.get(name, type));
    }
  }

  close(): void {
    this.store.close();
  }

  private async runOne(input: PyJson, key: string): Promise<InputRun> {
    const outputs: PyJson[] = [];
    const trace: Event[] = [];
    const queue: Event[] = [new InputEvent(input)];
    const sessions = new SessionIds(key);
    // Fresh built-in actions per input, so no conversation state outlives its run.
    const actions: readonly Action[] = [chatModelAction(), toolCallAction(this.options.toolCallMode), ...this.agent.actions];
    let actionNumber = 0;
    let durableExecutions = 0;
    try {
      for (let event = queue.shift(); event !== undefined; event = queue.shift()) {
        trace.push(event);
        if (event.type === EVENT_TYPES.output) outputs.push((event as OutputEvent).output);
        for (const action of actions.filter((a) => a.listensTo.includes(event!.type))) {
          const ctx = new ActionContext({
            resources: this.agent.resources,
            store: this.store,
            scope: `${key}/${actionNumber}`,
            sessions,
            emit: (sent) => queue.push(sent),
            onReport: this.options.onReport,
          });
          actionNumber += 1;
          await action.run(event, ctx);
          durableExecutions += ctx.durableExecutions;
          this.options.onAction?.(action.name, event);
        }
      }
    } catch (error) {
      if (isCancellation(error)) throw error;
      return { key, outputs, trace, durableExecutions, error };
    }
    return { key, outputs, trace, durableExecutions };
  }
}

/** The trace of a run as cross-language event trees. */
export const traceToJson = (trace: readonly Event[]): PyJson[] => trace.map(eventToJson);
