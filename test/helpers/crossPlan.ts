// Agent trees compiled in one language and run in the other (issue 14): the same trees are
// written in python-ref/tests/helpers/cross_plan.py. A tree's functions are named under
// `crossplan/...` (TypeScript) and `crossplan....` (Python); every runner is given both names in its
// named functions, so that a plan of either language finds them. `summarize` reports what both
// languages compare: each input's outputs, error and calls (scope, ids, outputs, failure), and the
// conversation of each scripted model by the plan pointer it was read at.
import { ChatModelSetup } from '../../src/chat/chatModelSetup.js';
import { ScriptedConnection, type ScriptedTurn } from '../../src/chat/scriptedConnection.js';
import { PythonFunction, TypeScriptFunction, type Implementation } from '../../src/functions/functionDescriptor.js';
import type { PyJson } from '../../src/json/pyJson.js';
import { Agent } from '../../src/plan/agent.js';
import { buildPlan } from '../../src/plan/buildPlan.js';
import { chatClasses } from '../../src/plan/chatClasses.js';
import { ClassRegistry, type ClassEntry } from '../../src/plan/classRegistry.js';
import { coreClasses } from '../../src/plan/coreClasses.js';
import type { InternalSubagentSetup } from '../../src/plan/internalSubagentSetup.js';
import { mcpClasses } from '../../src/plan/mcpClasses.js';
import { ReActAgent } from '../../src/plan/reactAgent.js';
import { readPlan } from '../../src/plan/readPlan.js';
import { subagentClasses } from '../../src/plan/subagentClasses.js';
import { writePlan } from '../../src/plan/writePlan.js';
import { ResourceType } from '../../src/resources/resourceType.js';
import type { ActionFunction } from '../../src/runtime/actionFunction.js';
import { EVENT_TYPES, OutputEvent, type InputEvent } from '../../src/runtime/events.js';
import { MemoryStore } from '../../src/runtime/memoryStore.js';
import { LocalRunner } from '../../src/runner/localRunner.js';
import { NamedFunctions } from '../../src/runner/namedFunctions.js';
import type { SubagentResult } from '../../src/subagent/subagentResult.js';
import { FunctionTool, type ToolFunction } from '../../src/tools/functionTool.js';
import { ToolMetadata } from '../../src/tools/toolMetadata.js';
import { messageSummary } from '../../conformance/serve/ops/scripted/world.js';

export type TreeName = 'react' | 'ids';
export const TREES: readonly TreeName[] = ['react', 'ids'];

const shout: ToolFunction = (args) => `${String(args.get('text')).toUpperCase()}!`;
const resultOf = (result: SubagentResult): PyJson => (result.success ? (result.result as PyJson) : `failed:${result.errorMessage}`);
const agentResource = (ctx: Parameters<ActionFunction>[1], name: string) => ctx.getResource(name, ResourceType.AGENT) as InternalSubagentSetup;

// The parent calls `kid` twice; the kid relays to `grandkid`, which echoes.
const call: ActionFunction = async (event, ctx) => {
  const kid = agentResource(ctx, 'kid');
  const first = await kid.submit(ctx, (event as InputEvent).input);
  const second = await kid.submit(ctx, 'again');
  ctx.sendEvent(new OutputEvent([resultOf(first), resultOf(second)]));
};
const relay: ActionFunction = async (event, ctx) => {
  const result = await agentResource(ctx, 'grandkid').submit(ctx, (event as InputEvent).input);
  ctx.sendEvent(new OutputEvent(['relayed', resultOf(result)]));
};
const echo: ActionFunction = (event, ctx) => ctx.sendEvent(new OutputEvent(`echo:${String((event as InputEvent).input)}`));

const IMPLEMENTATIONS: Record<string, Implementation> = { 'tools:shout': shout, 'actions:call': call, 'actions:relay': relay, 'actions:echo': echo };

const ts = (name: string) => new TypeScriptFunction(`crossplan/${name.split(':')[0]!}`, name.split(':')[1]!);

/** Both names of every function of the trees, bound to this language's implementations (`omit`: names left out). */
export const namedFunctions = (omit: readonly string[] = []): NamedFunctions =>
  new NamedFunctions(
    Object.entries(IMPLEMENTATIONS)
      .filter(([name]) => !omit.includes(name))
      .flatMap(([name, implementation]) => [
        [ts(name), implementation] as const,
        [new PythonFunction(`crossplan.${name.split(':')[0]!}`, name.split(':')[1]!), implementation] as const,
      ]),
  );

const SHOUT_SCHEMA = new Map<string, PyJson>([
  ['type', 'object'],
  ['properties', new Map([['text', new Map([['type', 'string']])]])],
  ['required', ['text']],
]);

const scripted = (turns: ScriptedTurn[]) => new ScriptedConnection(turns);

const reactTree = (): Agent => {
  const reviewer = new ReActAgent({ chatModel: new ChatModelSetup({ connection: 'conn', model: 'child', tools: ['shout'] }) })
    .addResource('conn', ResourceType.CHAT_MODEL_CONNECTION, scripted([
      { toolCalls: [{ id: 't1', name: 'shout', arguments: new Map([['text', 'hello world']]) }] },
      { content: 'tool says: HELLO WORLD!' },
    ]))
    .addResource('shout', ResourceType.TOOL, new FunctionTool('shout', new TypeScriptFunction('crossplan/tools', 'shout', shout), new ToolMetadata('shout', 'Shouts a text.', SHOUT_SCHEMA)));
  return new ReActAgent({ chatModel: new ChatModelSetup({ connection: 'conn', model: 'parent', subagents: ['reviewer'] }) })
    .addResource('conn', ResourceType.CHAT_MODEL_CONNECTION, scripted([
      { toolCalls: [{ id: 'c1', name: '_subagent_reviewer', arguments: new Map([['input', 'review the diff']]) }] },
      { content: 'delegated and reviewed' },
    ]))
    .addResource('reviewer', ResourceType.AGENT, reviewer);
};

const idsTree = (): Agent => {
  const fn = (name: string) => new TypeScriptFunction('crossplan/actions', name, IMPLEMENTATIONS[`actions:${name}`]);
  const grandkid = new Agent('Grandkid').addAction('echo', [EVENT_TYPES.input], fn('echo'));
  const kid = new Agent('Kid').addResource('grandkid', ResourceType.AGENT, grandkid).addAction('relay', [EVENT_TYPES.input], fn('relay'));
  return new Agent('Root').addResource('kid', ResourceType.AGENT, kid).addAction('call', [EVENT_TYPES.input], fn('call'));
};

/** The plan text of a tree, compiled here. */
export const compileTree = async (tree: TreeName): Promise<string> => writePlan(await buildPlan(tree === 'react' ? reactTree() : idsTree()));

/** The inputs each tree runs. */
export const INPUTS: Record<TreeName, { inputs: PyJson[]; keys: string[] }> = {
  react: { inputs: ['go'], keys: ['k'] },
  ids: { inputs: ['7', '8'], keys: ['k', 'k'] },
};

// The runtime's classes, the scripted connection noting each one it restores under its pointer.
const recordingRegistry = (seen: Map<string, ScriptedConnection>): ClassRegistry => {
  const noted = (entry: ClassEntry): ClassEntry => {
    const { restore } = entry;
    if (entry.cls !== ScriptedConnection || restore === undefined) return entry;
    return { ...entry, restore: (node, registry) => {
      const made = restore(node, registry) as ScriptedConnection;
      seen.set(node.pointer, made);
      return made;
    } };
  };
  return new ClassRegistry([...coreClasses, ...chatClasses.map(noted), ...mcpClasses, ...subagentClasses]);
};

/** Reads plan text here and runs a tree's inputs through it, with the named functions given. */
export const runPlanText = async (text: string, tree: TreeName, functions: NamedFunctions = namedFunctions()): Promise<PyJson> => {
  const seen = new Map<string, ScriptedConnection>();
  const registry = recordingRegistry(seen);
  const runner = new LocalRunner(readPlan(text, { registry }), { store: new MemoryStore(), registry, functions });
  const runs = await runner.run(INPUTS[tree].inputs, INPUTS[tree].keys);
  return new Map<string, PyJson>([
    ['runs', runs.map((run) => new Map<string, PyJson>([
      ['outputs', run.outputs],
      ['error', run.error === undefined ? null : run.error instanceof Error ? run.error.message : String(run.error)],
      ['calls', run.calls.map((c) => new Map<string, PyJson>([['scope', c.scope], ['session_id', c.sessionId], ['call_id', c.callId], ['outputs', c.outputs], ['error', c.error]]))],
    ]))],
    ['conversations', new Map([...seen].sort(([a], [b]) => (a < b ? -1 : 1)).map(([pointer, connection]) => [pointer, connection.requests.map((r) => r.messages.map(messageSummary))]))],
  ]);
};
