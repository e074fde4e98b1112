import { describe, expect, it } from 'vitest';
import { TypeScriptFunction } from '../../../src/functions/functionDescriptor.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { Agent } from '../../../src/plan/agent.js';
import { AgentConfiguration } from '../../../src/plan/agentPlan.js';
import { buildPlan } from '../../../src/plan/buildPlan.js';
import { InternalSubagentSetup } from '../../../src/plan/internalSubagentSetup.js';
import { ResourceType } from '../../../src/resources/resourceType.js';
import type { ActionFunction } from '../../../src/runtime/actionFunction.js';
import { EVENT_TYPES, OutputEvent } from '../../../src/runtime/events.js';
import { MemoryStore } from '../../../src/runtime/memoryStore.js';
import { ReadableConfiguration } from '../../../src/runtime/readableConfiguration.js';
import type { RunnerContext } from '../../../src/runtime/runnerContext.js';
import { LocalRunner } from '../../../src/runner/localRunner.js';

const fn = (name: string, run: ActionFunction) => new TypeScriptFunction<ActionFunction>('test', name, run);
const seen = (ctx: RunnerContext): PyJson => [ctx.getConfig().getStr('who', '<none>')!, ctx.getConfig().getInt('n', -1)!];

describe('RunnerContext.getConfig (reference §4.3)', () => {
  it("gives the plan's configuration, and inside a sub-agent scope the child plan's", async () => {
    const child = await buildPlan(new Agent('Child').addAction('look', [EVENT_TYPES.input], fn('look', (_e, ctx) => ctx.sendEvent(new OutputEvent(seen(ctx))))), {
      config: new AgentConfiguration(new Map<string, PyJson>([['who', 'child']])),
    });
    const parent = new Agent('Parent')
      .addResource('child', ResourceType.AGENT, new InternalSubagentSetup({ description: '' }, child, 'child'))
      .addAction('call', [EVENT_TYPES.input], fn('call', async (_e, ctx) => {
        const before = seen(ctx);
        const result = await (ctx.getResource('child', ResourceType.AGENT) as InternalSubagentSetup).submit(ctx, 0);
        ctx.sendEvent(new OutputEvent([before, result.result as PyJson, seen(ctx)]));
      }));
    const plan = await buildPlan(parent, { config: new AgentConfiguration(new Map<string, PyJson>([['who', 'root'], ['n', 3]])) });
    const [run] = await new LocalRunner(plan, { store: new MemoryStore() }).run([0]);
    expect(run!.error).toBeUndefined();
    expect(run!.outputs).toEqual([[['root', 3], [['child', -1]], ['root', 3]]]);
  });

  it('gives a typed value only when it has that type, else the default', () => {
    const config = new ReadableConfiguration(new Map<string, PyJson>([['n', 2], ['f', 2.5], ['b', true], ['s', 'x']]));
    expect([config.getInt('n'), config.getInt('f', 0), config.getBool('b'), config.getBool('s', false), config.getStr('s'), config.get('missing', 'd'), config.get('f')]).toEqual([2, 0, true, false, 'x', 'd', 2.5]);
  });
});
