import { asObject } from '../../../src/chat/chatMessage.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { Agent } from '../../../src/plan/agent.js';
import { AgentConfiguration, type AgentPlan } from '../../../src/plan/agentPlan.js';
import { buildPlan } from '../../../src/plan/buildPlan.js';
import { defaultRegistry } from '../../../src/plan/defaultRegistry.js';
import { readPlan } from '../../../src/plan/readPlan.js';
import { writePlan } from '../../../src/plan/writePlan.js';
import { writePyJson } from '../../../src/json/writePyJson.js';
import { Prompt } from '../../../src/resources/prompt.js';
import { ResourceType } from '../../../src/resources/resourceType.js';
import { EVENT_TYPES } from '../../../src/runtime/events.js';
import type { InternalSubagentCallEvent } from '../../../src/runtime/internalSubagentCallEvent.js';
import type { CallRun } from '../../../src/runner/internal/callRunner.js';
import { LocalRunner, type InputRun } from '../../../src/runner/localRunner.js';
import { NamedFunctions } from '../../../src/runner/namedFunctions.js';
import { PythonFunction } from '../../../src/functions/functionDescriptor.js';
import { declaredAgent } from '../../areas/internal/reactAgentSpec.js';
import { checkScript, SCRIPTED_ACTION, ScriptWorld, scriptedActionIn } from '../../areas/internal/scriptedAction.js';
import { SnapshotStore } from '../../areas/internal/snapshotStore.js';
import type { OpOutcome, ProtocolCase } from './index.js';
import { errorResult, isReportedFailure, runSummary } from './scripted/world.js';

const entries = (tree: PyJson | undefined, where: string): [string, Map<string, PyJson>][] =>
  [...asObject(tree ?? new Map(), where)].map(([name, spec]) => [name, asObject(spec, `${where}.${name}`)]);

/** The agents a declaration describes (`agents: {name: {resources, actions}}`), and the root among them. */
const buildAgents = (declaration: Map<string, PyJson>): Agent => {
  const specs = entries(declaration.get('agents'), 'declaration.agents');
  const agents = new Map(specs.map(([name, spec]) => [name, declaredAgent(name, spec)]));
  for (const [name, spec] of specs) {
    const agent = agents.get(name)!;
    for (const [resource, r] of entries(spec.get('resources'), `declaration.agents.${name}.resources`)) {
      if (r.has('agent')) {
        const child = agents.get(String(r.get('agent')));
        if (child === undefined) throw new Error(`declaration.agents.${name}.resources.${resource}: no agent ${String(r.get('agent'))} is declared`);
        agent.addResource(resource, ResourceType.AGENT, child);
      } else if (r.has('prompt')) agent.addResource(resource, ResourceType.PROMPT, Prompt.fromText(String(r.get('prompt'))));
      else agent.addResource(resource, ResourceType.AGENT, r.get('value') ?? null);
    }
    for (const [action, a] of entries(spec.get('actions'), `declaration.agents.${name}.actions`)) {
      const where = `declaration.agents.${name}.actions.${action}`;
      checkScript(a.get('do') ?? [], `${where}.do`);
      const on = (a.get('on') ?? [EVENT_TYPES.input]) as string[];
      agent.addAction(action, on, SCRIPTED_ACTION, new Map<string, PyJson>([['name', `${name}.${action}`], ['script', a.get('do') ?? []]]));
    }
  }
  const root = declaration.get('root') ?? specs[0]?.[0];
  const found = agents.get(String(root));
  if (found === undefined) throw new Error(`declaration.root: no agent ${String(root)} is declared`);
  return found;
};

// An envelope's attributes without a response's request id (which names an event of this process).
const envelopeAttributes = (envelope: InternalSubagentCallEvent): Map<string, PyJson> => {
  const attributes = envelope.attributes();
  const delegate = new Map(asObject(attributes.get('delegateAttributes'), 'delegateAttributes'));
  delegate.delete('request_id');
  return attributes.set('delegateAttributes', delegate);
};

// Concurrent calls complete in any order: listed by their ids, the same in every language.
const byIds = (a: CallRun, b: CallRun): number => (a.sessionId === b.sessionId ? (a.callId < b.callId ? -1 : a.callId > b.callId ? 1 : 0) : a.sessionId < b.sessionId ? -1 : 1);

const callSummaries = (runs: readonly InputRun[]): PyJson[] =>
  runs.flatMap((run) =>
    [...run.calls].sort(byIds).map(
      (call) =>
        new Map<string, PyJson>([
          ['scope', call.scope],
          ['session_id', call.sessionId],
          ['call_id', call.callId],
          ['trace', call.trace.map(envelopeAttributes)],
          ['outputs', call.outputs],
          ['error', call.error],
          ['cancelled', call.cancelled],
        ]),
    ),
  );

// Concurrent calls interleave their actions in any order: the log is sorted by each entry's compact JSON.
const sortedLog = (log: readonly PyJson[]): PyJson[] =>
  log
    .map((entry) => [writePyJson(entry, { separators: 'compact' }), entry] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, entry]) => entry);

const pass = (world: ScriptWorld, runs: readonly InputRun[]): [string, PyJson][] => [
  ['runs', runs.map(runSummary)],
  ['calls', callSummaries(runs)],
  ['log', sortedLog(world.log)],
  ['peak', world.peak],
];

const PYTHON_SCRIPTED_ACTION = new PythonFunction('agentparity_ref.ops.internal.scripted_action', 'scripted_action');

// The scripted action bound to one run's world; a plan given as JSON names it as either language writes it.
const scriptedActionsIn = (world: ScriptWorld): NamedFunctions => {
  const action = scriptedActionIn(world);
  return new NamedFunctions([
    [SCRIPTED_ACTION, action],
    [PYTHON_SCRIPTED_ACTION, action],
  ]);
};

/**
 * Op `run_internal` (docs/protocol.md): an agent tree of scripted actions compiled into a plan
 * (or a plan given as JSON) and run in the local runner. Result `{plan, runs, calls, log, peak,
 * replay?}`, or `{error}` when compiling refuses the tree (or reading refuses the plan). When a
 * `crash` step is reached, the run stops there as if killed, and a second runner replays it on
 * what the store held at that moment (`replay`).
 */
export const runInternal = async (testCase: ProtocolCase): Promise<OpOutcome> => {
  const declaration = asObject(testCase.declaration ?? new Map(), 'declaration');
  // The plan a case gives (`plan`, a plan JSON value in any upstream layout), else its agent tree compiled.
  const given = declaration.get('plan');
  const root = given === undefined ? buildAgents(declaration) : null;
  let plan: AgentPlan;
  try {
    const config = new AgentConfiguration(asObject(declaration.get('config') ?? new Map(), 'declaration.config'));
    plan = root === null ? readPlan(given!, { registry: defaultRegistry }) : await buildPlan(root, { config });
  } catch (error) {
    if (!isReportedFailure(error)) throw error;
    return { result: errorResult(error) };
  }
  const input = asObject(testCase.input ?? new Map(), 'input');
  const inputs = (input.get('inputs') ?? [null]) as PyJson[];
  const keys = input.has('keys') ? (input.get('keys') as string[]) : undefined;
  const store = new SnapshotStore();
  const first = new ScriptWorld();
  let crashed: { store: SnapshotStore; log: PyJson[] } | undefined;
  const killed = new Promise<undefined>((resolve) => {
    first.crash = () => {
      crashed = { store: store.copy(), log: sortedLog(first.log) };
      resolve(undefined);
    };
  });
  const runs = await Promise.race([new LocalRunner(plan, { store, functions: scriptedActionsIn(first) }).run(inputs, keys), killed]);
  const result = new Map<string, PyJson>([['plan', writePlan(plan)], ...(runs === undefined ? [] : pass(first, runs))]);
  if (crashed !== undefined) {
    const again = new ScriptWorld();
    const replayed = await new LocalRunner(plan, { store: crashed!.store, functions: scriptedActionsIn(again) }).run(inputs, keys);
    result.set('replay', new Map([['log_before', crashed.log], ...pass(again, replayed)]));
  }
  return { result };
};
