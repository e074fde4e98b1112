import { asObject } from '../../../src/chat/chatMessage.js';
import { isAgentparityError } from '../../../src/errors.js';
import { TypeScriptFunction } from '../../../src/functions/functionDescriptor.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { writePyJson } from '../../../src/json/writePyJson.js';
import type { InternalSubagentSetup } from '../../../src/plan/internalSubagentSetup.js';
import type { Prompt } from '../../../src/resources/prompt.js';
import { ResourceType } from '../../../src/resources/resourceType.js';
import type { ActionFunction } from '../../../src/runtime/actionFunction.js';
import { GenericEvent, InputEvent, OutputEvent, type Event } from '../../../src/runtime/events.js';
import { MemoryObject } from '../../../src/runtime/memory/memoryObject.js';
import type { RunnerContext } from '../../../src/runtime/runnerContext.js';
import type { SubagentResult } from '../../../src/subagent/subagentResult.js';
import { SubagentFutures } from '../../../src/subagent/subagentFutures.js';
import { raisedError } from '../../serve/ops/scripted/behaviour.js';

/**
 * What the scripted actions of one `run_internal` case share: the log they write, how many of
 * them are working at once, and whether a `crash` step stops the run (the first pass of a durable
 * case) or does nothing (the replay).
 */
export class ScriptWorld {
  readonly log: PyJson[] = [];
  running = 0;
  peak = 0;
  /** Set on the first pass of a durable case: a `crash` step calls it and never returns. */
  crash: (() => void) | undefined;
}

/** What an action is working with: its case's world, the value that triggered it and the results of its calls. */
interface Scope {
  readonly world: ScriptWorld;
  readonly input: PyJson;
  readonly results: PyJson[];
  readonly pending: ReturnType<InternalSubagentSetup['submit']>[];
}

const compact = (value: PyJson): string => writePyJson(value, { separators: 'compact', allowNan: false });

// `"{input}"` and `"{results}"` stand for the values themselves; `{input}` inside a longer string for its text.
const fill = (value: PyJson, scope: Scope): PyJson => {
  if (value === '{input}') return scope.input;
  if (value === '{results}') return [...scope.results];
  if (typeof value === 'string') return value.includes('{input}') ? value.split('{input}').join(typeof scope.input === 'string' ? scope.input : compact(scope.input)) : value;
  if (Array.isArray(value)) return value.map((v) => fill(v, scope));
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k, fill(v, scope)] as [string, PyJson]));
  return value;
};

const inputOf = (event: Event): PyJson => (event instanceof InputEvent ? event.input : (event.attributes().get('input') ?? null));

const resultValue = (result: SubagentResult): PyJson => (result.success ? (result.result as PyJson) : `failed:${result.errorMessage ?? ''}`);

const memoryOf = (ctx: RunnerContext, spec: Map<string, PyJson>): MemoryObject => (spec.get('memory') === 'sensory' ? ctx.getSensoryMemory() : ctx.getShortTermMemory());

const seen = (memory: MemoryObject, path: string): PyJson => {
  if (!memory.isExist(path)) return '<missing>';
  const value = memory.get(path)!;
  if (value instanceof MemoryObject) return new Map([['fields', value.getFieldNames()]]);
  return value;
};

const setupOf = (ctx: RunnerContext, name: string): InternalSubagentSetup => ctx.getResource(name, ResourceType.AGENT) as InternalSubagentSetup;

const submit = (ctx: RunnerContext, tree: PyJson, scope: Scope) => {
  const spec = asObject(tree, 'call');
  return setupOf(ctx, String(spec.get('agent'))).submit(ctx, fill(spec.has('prompt') ? spec.get('prompt')! : '{input}', scope));
};

const lookUp = (ctx: RunnerContext, spec: Map<string, PyJson>): PyJson => {
  try {
    return (ctx.getResource(String(spec.get('name')), (spec.get('type') as ResourceType | undefined) ?? ResourceType.PROMPT) as Prompt).text;
  } catch (error) {
    if (!isAgentparityError(error)) throw error;
    return `${error.kind}: ${error.message}`;
  }
};

type Step = (ctx: RunnerContext, argument: PyJson, scope: Scope, where: string) => void | Promise<void>;

/**
 * The vocabulary of scripted actions, one entry per step kind (fixtures/internal/README.md). A
 * step is a mapping with one key, the kind; a new kind is added here and in Python's
 * `ops/internal/scripted_action.py` under the same name.
 */
export const STEPS: ReadonlyMap<string, Step> = new Map<string, Step>([
  ['output', (ctx, value, scope) => ctx.sendEvent(new OutputEvent(fill(value, scope)))],
  [
    'emit',
    (ctx, tree, scope) => {
      const spec = asObject(tree, 'emit');
      ctx.sendEvent(new GenericEvent(String(spec.get('type')), asObject(fill(spec.get('attributes') ?? new Map(), scope), 'emit.attributes')));
    },
  ],
  [
    'raise',
    (_ctx, tree) => {
      const spec = asObject(tree, 'raise');
      throw raisedError({ at: 'call', type: String(spec.get('kind')), message: String(spec.get('message')) });
    },
  ],
  [
    'write',
    (ctx, tree, scope) => {
      const spec = asObject(tree, 'write');
      memoryOf(ctx, spec).set(String(spec.get('path')), fill(spec.get('value') ?? null, scope));
    },
  ],
  [
    'read',
    (ctx, tree, scope, where) => {
      const spec = asObject(tree, 'read');
      const memory = (spec.get('memory') as string | undefined) ?? 'short_term';
      scope.world.log.push(['read', where, `${memory}.${String(spec.get('path'))}`, seen(memoryOf(ctx, spec), String(spec.get('path')))]);
    },
  ],
  ['resource', (ctx, tree, scope, where) => void scope.world.log.push(['resource', where, String(asObject(tree, 'resource').get('name')), lookUp(ctx, asObject(tree, 'resource'))])],
  ['call', async (ctx, tree, scope) => void scope.results.push(resultValue(await submit(ctx, tree, scope)))],
  ['submit', (ctx, tree, scope) => void scope.pending.push(submit(ctx, tree, scope))],
  [
    'batch',
    async (ctx, tree, scope) => {
      const handles = (tree as PyJson[]).map((call) => submit(ctx, call, scope));
      scope.results.push(...(await new SubagentFutures(...handles)).map(resultValue));
    },
  ],
  [
    'resolve',
    async (_ctx, how, scope) => {
      const handles = scope.pending.splice(0);
      // `repeat`: the first handle twice in one group, which the group check refuses.
      const group = how === 'repeat' && handles.length > 0 ? [handles[0]!, ...handles] : handles;
      scope.results.push(...(await new SubagentFutures(...group)).map(resultValue));
    },
  ],
  [
    'work_ms',
    async (_ctx, ms, scope) => {
      const { world } = scope;
      world.running += 1;
      world.peak = Math.max(world.peak, world.running);
      await new Promise((resolve) => setTimeout(resolve, Number(fill(ms, scope))));
      world.running -= 1;
    },
  ],
  // Waits on something that never resolves: only a cancellation (a call timeout) ends it.
  ['hang', () => new Promise<never>(() => {})],
  [
    'crash',
    async (_ctx, _argument, scope) => {
      const { crash } = scope.world;
      if (crash === undefined) return;
      crash();
      await new Promise<never>(() => {});
    },
  ],
]);

/** Checks a script before anything runs, so that a fixture's mistake is an errored case, not a divergence. */
export const checkScript = (tree: PyJson, where: string): void => {
  if (!Array.isArray(tree)) throw new Error(`${where} must be a list of steps`);
  tree.forEach((step, index) => {
    const kinds = step instanceof Map ? [...step.keys()] : [];
    if (kinds.length !== 1 || !STEPS.has(kinds[0]!)) throw new Error(`${where}[${index}] must be a mapping with one of ${[...STEPS.keys()].join(', ')}`);
  });
};

/**
 * The scripted action of one case's run: every action it starts writes to `world`. Each run gets
 * its own through the runner's named functions (a replay another world), where an
 * AsyncLocalStorage made every promise of the harness that came after the first case slower.
 */
export const scriptedActionIn = (world: ScriptWorld): ActionFunction => async (event, ctx) => {
  const where = String(ctx.getActionConfigValue('name'));
  world.log.push(['run', where]);
  const scope: Scope = { world, input: inputOf(event), results: [], pending: [] };
  for (const step of ctx.getActionConfigValue('script') as PyJson[]) {
    const [kind, argument] = [...(step as Map<string, PyJson>)][0]!;
    await STEPS.get(kind)!(ctx, argument, scope, where);
  }
};

/**
 * The one function every scripted action names; its action config holds `name` (agent.action) and
 * `script`. It carries no implementation: each run binds it to its world (`scriptedActionIn`).
 */
export const SCRIPTED_ACTION = new TypeScriptFunction('agentparity/conformance/internal', 'scriptedAction');
