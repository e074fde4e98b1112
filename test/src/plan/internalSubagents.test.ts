import { describe, expect, it } from 'vitest';
import { TypeScriptFunction } from '../../../src/functions/functionDescriptor.js';
import { Agent } from '../../../src/plan/agent.js';
import { AgentConfiguration } from '../../../src/plan/agentPlan.js';
import { buildPlan } from '../../../src/plan/buildPlan.js';
import { defaultRegistry } from '../../../src/plan/defaultRegistry.js';
import { InternalSubagentSetup } from '../../../src/plan/internalSubagentSetup.js';
import { readPlan } from '../../../src/plan/readPlan.js';
import type { SerializableProvider } from '../../../src/plan/resourceProvider.js';
import type { SubagentMetadataProvider } from '../../../src/plan/subagentMetadata.js';
import { planToJson, writePlan } from '../../../src/plan/writePlan.js';
import { ResourceType } from '../../../src/resources/resourceType.js';

const handler = new TypeScriptFunction('./handlers.js', 'onInput');
const agent = (name: string) => new Agent(name).addAction('handle', ['_input_event'], handler);
const setupOf = (plan: Awaited<ReturnType<typeof buildPlan>>, name: string) =>
  (plan.provider(ResourceType.AGENT, name) as SerializableProvider).resource as InternalSubagentSetup;

const failure = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    const e = error as { kind: string; message: string };
    return { kind: e.kind, message: e.message };
  }
  throw new Error('no error');
};

class Reviewer extends Agent implements SubagentMetadataProvider {
  getSubagentDescription(): string | null {
    return 'Reviews pull requests and reports findings';
  }
  getSubagentInputSchema(): string | null {
    return '{"type":"object","properties":{"diff":{"type":"string"}}}';
  }
}

describe('plan/buildPlan: internal sub-agents (reference §2, tests §6.1)', () => {
  it('compiles a child agent into an internal provider: scope, child plan, no metadata', async () => {
    const plan = await buildPlan(agent('root').addResource('child', ResourceType.AGENT, agent('kid')));
    const provider = plan.provider(ResourceType.AGENT, 'child') as SerializableProvider;
    expect([provider.kind, provider.module, provider.clazz]).toEqual(['TypeScriptSerializableResourceProvider', 'agentparity/plan', 'InternalSubagentSetup']);
    const serialized = planToJson(plan).get('resource_providers') as Map<string, Map<string, Map<string, unknown>>>;
    const json = serialized.get('agent')!.get('child')!.get('serialized') as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(['child_plan', 'scope', 'description', 'input_schema']);
    expect([json.scope, json.description, json.input_schema]).toEqual(['child', '', null]);
    expect((json.child_plan as Map<string, unknown>).get('agent_name')).toBe('kid');
    expect([...setupOf(plan, 'child').childPlan!.actions.keys()]).toEqual(['handle', 'chat_model_action', 'tool_call_action', 'context_retrieval_action']);
  });

  it('carries declared metadata verbatim, and the child plan shares the parent configuration object', async () => {
    const config = new AgentConfiguration(new Map([['k', 1]]));
    const plan = await buildPlan(agent('root').addResource('reviewer', ResourceType.AGENT, new Reviewer()), { config });
    const setup = setupOf(plan, 'reviewer');
    expect([setup.scope, setup.description, setup.inputSchema]).toEqual([
      'reviewer',
      'Reviews pull requests and reports findings',
      '{"type":"object","properties":{"diff":{"type":"string"}}}',
    ]);
    expect(setup.childPlan!.config).toBe(config);
    expect(setup.childPlan!.agentName).toBe('Reviewer');
  });

  it('compiles one child registered twice, or under two parents, once', async () => {
    const shared = agent('shared');
    const middle = agent('middle').addResource('s', ResourceType.AGENT, shared);
    const plan = await buildPlan(agent('root').addResource('a', ResourceType.AGENT, shared).addResource('b', ResourceType.AGENT, shared).addResource('m', ResourceType.AGENT, middle));
    expect(setupOf(plan, 'a').childPlan).toBe(setupOf(plan, 'b').childPlan);
    expect(setupOf(setupOf(plan, 'm').childPlan!, 's').childPlan).toBe(setupOf(plan, 'a').childPlan);
    expect([setupOf(plan, 'a').scope, setupOf(plan, 'b').scope]).toEqual(['a', 'b']);
  });

  it('refuses cycles with the upstream path texts', async () => {
    const [a, b] = [agent('A'), agent('B')];
    a.addResource('b', ResourceType.AGENT, b);
    b.addResource('a', ResourceType.AGENT, a);
    const root = agent('root').addResource('a', ResourceType.AGENT, a);
    expect(await failure(buildPlan(root))).toEqual({ kind: 'ValueError', message: 'Cyclic sub-agent definition detected: a -> b -> a' });
    const top = agent('top');
    top.addResource('b', ResourceType.AGENT, agent('B2').addResource('root', ResourceType.AGENT, top));
    expect((await failure(buildPlan(top))).message).toBe('Cyclic sub-agent definition detected: <root> -> b -> root');
    const self = agent('self');
    self.addResource('itself', ResourceType.AGENT, self);
    expect((await failure(buildPlan(self))).message).toBe('Cyclic sub-agent definition detected: <root> -> itself');
  });

  it('refuses an AGENT value that is neither a setup, a descriptor nor an agent', async () => {
    expect(await failure(buildPlan(agent('root').addResource('x', ResourceType.AGENT, new Map())))).toEqual({
      kind: 'TypeError',
      message: "AGENT resource 'x' must be a SubagentSetup, a ResourceDescriptor, or an Agent, but got dict.",
    });
  });

  it('survives a JSON round trip with its nested child plan', async () => {
    const plan = await buildPlan(agent('root').addResource('reviewer', ResourceType.AGENT, new Reviewer().addResource('deep', ResourceType.AGENT, agent('leaf'))));
    const text = writePlan(plan);
    const read = readPlan(text, { registry: defaultRegistry, language: 'typescript' });
    expect(writePlan(read)).toBe(text);
    const deep = setupOf(setupOf(read, 'reviewer').childPlan!, 'deep');
    expect([deep.scope, deep.childPlan!.agentName]).toEqual(['deep', 'leaf']);
  });
});
