import { describe, expect, it } from 'vitest';
import { ChatModelSetup } from '../../../src/chat/chatModelSetup.js';
import { ScriptedConnection, type ScriptedTurn } from '../../../src/chat/scriptedConnection.js';
import { parsePyJson } from '../../../src/json/parsePyJson.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { writePyJson } from '../../../src/json/writePyJson.js';
import { buildPlan } from '../../../src/plan/buildPlan.js';
import { ClassRegistry } from '../../../src/plan/classRegistry.js';
import { defaultRegistry } from '../../../src/plan/defaultRegistry.js';
import { diffPlans } from '../../../src/plan/diff/diffPlans.js';
import type { InternalSubagentSetup } from '../../../src/plan/internalSubagentSetup.js';
import { ReActAgent } from '../../../src/plan/reactAgent.js';
import { readPlan } from '../../../src/plan/readPlan.js';
import type { SerializableProvider } from '../../../src/plan/resourceProvider.js';
import { planToJson } from '../../../src/plan/writePlan.js';
import { ResourceType } from '../../../src/resources/resourceType.js';
import { MemoryStore } from '../../../src/runtime/memoryStore.js';
import { LocalRunner } from '../../../src/runner/localRunner.js';

type Json = Map<string, PyJson>;
const DESCRIPTION = 'A general-purpose agent that completes a delegated task using its tools.';

const react = (turns: ScriptedTurn[], subagents: string[] = [], name?: string) =>
  new ReActAgent({ chatModel: new ChatModelSetup({ connection: 'conn', model: 'm', subagents }), name }).addResource('conn', ResourceType.CHAT_MODEL_CONNECTION, new ScriptedConnection(turns));

// parent -> child -> grandchild, each a ReAct agent whose scripted model delegates to the next.
const tree = async () => {
  const grandchild = react([{ content: 'deep answer' }], [], 'grandchild');
  const child = react([{ toolCalls: [{ id: 'g', name: '_subagent_deep', arguments: new Map([['input', 'go deeper']]) }] }, { content: 'child answer' }], ['deep'], 'child').addResource(
    'deep',
    ResourceType.AGENT,
    grandchild,
  );
  const parent = react([{ toolCalls: [{ id: 'c', name: '_subagent_kid', arguments: new Map([['input', 'review']]) }] }, { content: 'parent answer' }], ['kid'], 'parent').addResource(
    'kid',
    ResourceType.AGENT,
    child,
  );
  return planToJson(await buildPlan(parent));
};

const copy = (tree: PyJson): Json => parsePyJson(writePyJson(tree)) as Json;
const agentProviders = (plan: Json) => (plan.get('resource_providers') as Json).get('agent') as Json;

/** The same plan with every internal provider, at any depth, in Java's `InternalSubagentProvider` layout. */
const toJavaLayout = (plan: Json): Json => {
  const agents = agentProviders(plan);
  for (const [name, provider] of agents ?? []) {
    const serialized = (provider as Json).get('serialized') as Json;
    agents.set(
      name,
      new Map<string, PyJson>([
        ['name', name],
        ['type', 'agent'],
        ['scope', serialized.get('scope')!],
        ['childPlan', toJavaLayout(serialized.get('child_plan') as Json)],
        ['description', serialized.get('description')!],
        ['inputSchema', serialized.get('input_schema')!],
        ['__resource_provider_type__', 'InternalSubagentProvider'],
      ]),
    );
  }
  return plan;
};

const setupOf = (plan: ReturnType<typeof readPlan>, name: string) => (plan.resourceProviders!.get(ResourceType.AGENT)!.get(name) as SerializableProvider).resource as InternalSubagentSetup;

describe('plan: Java\'s InternalSubagentProvider layout (reference §1.2, §2.3)', () => {
  it('reads childPlan and the metadata into the same in-memory plan as the Python layout', async () => {
    const python = readPlan(await tree(), { registry: defaultRegistry, language: 'typescript' });
    const java = readPlan(toJavaLayout(copy(await tree())), { registry: defaultRegistry, language: 'typescript' });
    const kid = setupOf(java, 'kid');
    const deep = setupOf(kid.childPlan!, 'deep');
    expect([kid.scope, kid.description, kid.childPlan!.agentName, deep.scope, deep.childPlan!.agentName]).toEqual(['kid', DESCRIPTION, 'child', 'deep', 'grandchild']);
    expect([...kid.childPlan!.actions.keys()]).toEqual([...setupOf(python, 'kid').childPlan!.actions.keys()]);
    expect(diffPlans(python, java).differences).toEqual([]);
  });

  it('runs a Java-layout plan through every level', async () => {
    const plan = readPlan(toJavaLayout(copy(await tree())), { registry: defaultRegistry, language: 'typescript' });
    const [run] = await new LocalRunner(plan, { store: new MemoryStore() }).run(['start']);
    expect(run!.error).toBeUndefined();
    expect(run!.outputs).toEqual(['parent answer']);
    expect(run!.calls.map((c) => [c.scope, c.outputs])).toEqual([['deep', ['deep answer']], ['kid', ['child answer']]]);
  });

  it('writes a Java-layout provider back as it was read', async () => {
    const java = toJavaLayout(copy(await tree()));
    const written = planToJson(readPlan(java, { registry: defaultRegistry, language: 'typescript' }));
    expect(writePyJson(written)).toBe(writePyJson(java));
    expect([...(agentProviders(written).get('kid') as Json).keys()]).toEqual(['name', 'type', 'scope', 'childPlan', 'description', 'inputSchema', '__resource_provider_type__']);
  });

  it('plan diff points into a grandchild plan, in either layout', async () => {
    const asData = (value: PyJson) => readPlan(value, { registry: new ClassRegistry(), language: null });
    const changed = (layout: (plan: Json) => Json) => {
      const plan = layout(copy(tree0));
      const kid = agentProviders(plan).get('kid') as Json;
      const childPlan = (kid.get('childPlan') ?? (kid.get('serialized') as Json).get('child_plan')) as Json;
      const deep = agentProviders(childPlan).get('deep') as Json;
      const grandchild = (deep.get('childPlan') ?? (deep.get('serialized') as Json).get('child_plan')) as Json;
      grandchild.set('agent_name', 'renamed');
      return plan;
    };
    const tree0 = await tree();
    const same = (plan: Json) => plan;
    expect(diffPlans(asData(copy(tree0)), asData(changed(same))).differences).toEqual([
      { pointer: '/resource_providers/agent/kid/serialized/child_plan/resource_providers/agent/deep/serialized/child_plan/agent_name', message: '"grandchild" in A, "renamed" in B' },
    ]);
    expect(diffPlans(asData(copy(tree0)), asData(changed(toJavaLayout))).differences).toEqual([
      { pointer: '/resource_providers/agent/kid/serialized/child_plan/resource_providers/agent/deep/serialized/child_plan/agent_name', pointerB: '/resource_providers/agent/kid/childPlan/resource_providers/agent/deep/childPlan/agent_name', message: '"grandchild" in A, "renamed" in B' },
    ]);
  });
});
