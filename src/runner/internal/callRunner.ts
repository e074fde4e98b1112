import type { ToolCallMode } from '../../actions/toolCallAction.js';
import { ChatModelSetup } from '../../chat/chatModelSetup.js';
import type { PyJson } from '../../json/pyJson.js';
import type { Action } from '../../plan/action.js';
import type { AgentPlan } from '../../plan/agentPlan.js';
import type { ClassRegistry } from '../../plan/classRegistry.js';
import { collectActions } from '../../plan/collectActions.js';
import type { InternalSubagentSetup } from '../../plan/internalSubagentSetup.js';
import { ResourceType } from '../../resources/resourceType.js';
import { isCancellation } from '../../runtime/cancellation.js';
import { InvalidTypeError, errorKind } from '../../errors.js';
import type { DurableStore } from '../../runtime/durableStore.js';
import { eventFromJson, eventToJson } from '../../runtime/eventJson.js';
import { EVENT_TYPES, InputEvent, type Event, type OutputEvent } from '../../runtime/events.js';
import type { ExecutionReport } from '../../runtime/executionReport.js';
import { InternalSubagentCallEvent } from '../../runtime/internalSubagentCallEvent.js';
import type { CommittedMemory } from '../../runtime/memory/actionMemory.js';
import { ActionContext, freshMemory, SessionIds, type ResourceLookup } from '../../runtime/runnerContext.js';
import { SubagentResult } from '../../subagent/subagentResult.js';
import { AgentResources } from '../agentResources.js';
import { runnableActions, type RunnableAction } from '../runnableActions.js';
import type { NamedFunctions } from '../namedFunctions.js';
import type { PlanPaths } from '../planPaths.js';
import { ActionCalls } from './actionCalls.js';
import { CANCELLED, type CallCancellation } from './callCancellation.js';
import { ScopedResources } from './scopedResources.js';

/** One internal sub-agent call as it ran: its scope and ids, the envelopes it processed, its outputs, its failure. */
export interface CallRun {
  readonly scope: string;
  readonly sessionId: string;
  readonly callId: string;
  readonly trace: InternalSubagentCallEvent[];
  readonly outputs: PyJson[];
  /** The failure summary (`<ErrorName>: <message>`), when the call failed. */
  readonly error: string | null;
  /** Whether its scope was cancelled (a timeout, or its caller's cancellation) before it completed. */
  readonly cancelled: boolean;
}

export interface CallRunnerOptions {
  readonly store: DurableStore;
  readonly root: AgentResources;
  readonly registry: ClassRegistry;
  /** The runner's named functions, and where each child plan sits in the root plan. */
  readonly functions: NamedFunctions;
  readonly paths: PlanPaths;
  readonly toolCallMode: ToolCallMode;
  /** The input's key and its repeat number (upstream's key and sequence number). */
  readonly key: string;
  readonly sequenceNumber: number;
  readonly onReport?: (report: ExecutionReport) => void;
}

/** What an action context is made of, apart from what the call runner adds. */
export interface ContextParts {
  readonly resources: ResourceLookup;
  readonly scope: string;
  readonly sessions: SessionIds;
  readonly memory: CommittedMemory;
  readonly planConfig: ReadonlyMap<string, PyJson>;
  readonly emit: (event: Event) => void;
  /** The scope the action runs in; cancelling it cancels the calls the action makes. */
  readonly cancellation?: CallCancellation;
}

// A child, compiled or run as it is: its actions, resources and configuration.
interface Child {
  readonly actions: readonly Action[];
  /** The child plan's pointer in the root plan (empty when run uncompiled). */
  readonly path: string;
  readonly resources: ScopedResources;
  readonly config: ReadonlyMap<string, PyJson>;
}

const DONE = 'done';

/**
 * Runs the internal sub-agent calls of one input (reference §3). A call's prompt becomes the
 * child's `InputEvent` inside an envelope; only the child's actions match it, by the delegate's
 * type, and receive the delegate. Every event a child sends stays in the scope, re-wrapped; its
 * outputs are collected in order, and the call completes when no event waits. A child action
 * that throws fails the call with `<ErrorName>: <message>` (the first failure) while the scope
 * runs on. Each call has its own memory, read by nothing outside it. A completed child action is
 * recorded at `<sessionId>#<callId>/<n>/done` (the events it sent, or its failure) beside its
 * memory writes, so a replay re-sends what it sent instead of running it again.
 */
export class CallRunner {
  readonly calls: CallRun[] = [];
  private readonly children = new Map<object, Child>();

  constructor(private readonly options: CallRunnerOptions) {}

  /** The context of one action, able to call internal sub-agents. */
  context(action: RunnableAction, event: Event, parts: ContextParts): ActionContext {
    const task = { key: this.options.key, sequenceNumber: this.options.sequenceNumber, actionName: action.name, eventType: event.type, eventAttributes: event.attributes() };
    return new ActionContext({
      resources: parts.resources,
      config: action.config,
      planConfig: parts.planConfig,
      store: this.options.store,
      scope: parts.scope,
      sessions: parts.sessions,
      emit: parts.emit,
      onReport: this.options.onReport,
      memory: parts.memory,
      internalCalls: (ctx) => new ActionCalls(ctx, task, parts.planConfig, (...call) => this.runCall(...call), parts.cancellation),
    });
  }

  /**
   * Runs one call until no envelope waits, or until its scope is cancelled: then the running child
   * action is no longer waited for (whatever it sends afterwards is dropped), the envelopes
   * waiting are dropped, and nothing of the call reaches the caller.
   */
  async runCall(setup: InternalSubagentSetup, prompt: PyJson, sessionId: string, callId: string, cancellation: CallCancellation): Promise<SubagentResult | typeof CANCELLED> {
    const child = this.child(setup);
    const callKey = `${sessionId}#${callId}`;
    const queue: InternalSubagentCallEvent[] = [new InternalSubagentCallEvent(new InputEvent(prompt), setup.scope, callId, sessionId)];
    const trace: InternalSubagentCallEvent[] = [];
    const outputs: PyJson[] = [];
    const memory = freshMemory();
    const sessions = new SessionIds(callKey);
    // Fresh for each call, so that no conversation outlives the call it belongs to.
    const actions = runnableActions(child.actions, this.options.toolCallMode, { functions: this.options.functions, path: child.path });
    let failure: string | null = null;
    let actionNumber = 0;
    const route = (sent: Event): void => {
      if (sent.type === EVENT_TYPES.output) outputs.push((sent as OutputEvent).output);
      else queue.push(new InternalSubagentCallEvent(sent, setup.scope, callId, sessionId));
    };
    const emit = (sent: Event[]) => (event: Event) => {
      if (!cancellation.isCancelled) sent.push(event);
    };
    for (let envelope = queue.shift(); envelope !== undefined && !cancellation.isCancelled; envelope = queue.shift()) {
      trace.push(envelope);
      for (const action of actions.filter((a) => a.listensTo.includes(envelope!.delegate.type))) {
        const scope = `${callKey}/${actionNumber}`;
        actionNumber += 1;
        const sent: Event[] = [];
        const parts = { resources: child.resources, scope, sessions, memory, planConfig: child.config, emit: emit(sent), cancellation };
        const outcome = await cancellation.race(this.runChildAction(action, envelope.delegate, this.context(action, envelope, parts), scope, sent));
        if (outcome === CANCELLED) break;
        if (typeof outcome === 'string') failure ??= outcome;
        else outcome.forEach(route);
      }
    }
    const cancelled = cancellation.isCancelled;
    this.calls.push({ scope: setup.scope, sessionId, callId, trace, outputs: cancelled ? [] : outputs, error: cancelled ? null : failure, cancelled });
    if (cancelled) return CANCELLED;
    return failure === null ? SubagentResult.ok(outputs) : SubagentResult.error(failure);
  }

  // The events a child action sent, or its failure summary; replayed from its record when it completed before.
  private async runChildAction(action: RunnableAction, delegate: Event, ctx: ActionContext, scope: string, sent: Event[]): Promise<Event[] | string> {
    const { store } = this.options;
    const recorded = store.get(`${scope}/${DONE}`);
    if (recorded !== undefined) {
      if (recorded.outcome.status === 'failed') return recorded.outcome.message;
      ctx.complete(action.name);
      return (recorded.outcome.value as readonly PyJson[]).map((tree) => eventFromJson(tree));
    }
    try {
      await action.run(delegate, ctx);
      ctx.complete(action.name);
    } catch (error) {
      if (isCancellation(error)) throw error;
      const summary = SubagentResult.error(error instanceof Error ? error : String(error)).errorMessage!;
      store.put(`${scope}/${DONE}`, { name: action.name, outcome: { status: 'failed', kind: errorKind(error), message: summary } });
      return summary;
    }
    store.put(`${scope}/${DONE}`, { name: action.name, outcome: { status: 'succeeded', value: sent.map(eventToJson) } });
    return sent;
  }

  private child(setup: InternalSubagentSetup): Child {
    const source: AgentPlan | object | null = setup.childPlan ?? setup.childAgent;
    if (source === null) throw new InvalidTypeError(`Internal sub-agent '${setup.scope}' has no child plan to run`, { code: 'INTERNAL_SUBAGENT_NO_CHILD_PLAN' });
    const found = this.children.get(source);
    if (found !== undefined) return found;
    const { functions, paths, registry } = this.options;
    const path = paths.of(setup);
    const own = setup.childPlan !== null ? AgentResources.ofPlan(setup.childPlan, registry, { functions, paths, path }) : AgentResources.ofAgent(setup.childAgent!, registry);
    const resources = new ScopedResources(own, this.options.root);
    // The child's chat models resolve their connections and sub-agents in the child's scope.
    for (const [, model] of own.list(ResourceType.CHAT_MODEL)) {
      if (model instanceof ChatModelSetup) model.open((name, type) => resources.get(name, type));
    }
    const made: Child = {
      actions: setup.childPlan !== null ? [...setup.childPlan.actions.values()] : [...collectActions(setup.childAgent!).values()],
      path,
      resources,
      config: setup.childPlan?.config?.confData ?? new Map(),
    };
    this.children.set(source, made);
    return made;
  }
}
