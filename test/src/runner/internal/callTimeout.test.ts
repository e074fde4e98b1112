import { describe, expect, it } from 'vitest';
import { TypeScriptFunction } from '../../../../src/functions/functionDescriptor.js';
import type { PyJson } from '../../../../src/json/pyJson.js';
import { Agent } from '../../../../src/plan/agent.js';
import { AgentConfiguration } from '../../../../src/plan/agentPlan.js';
import { buildPlan } from '../../../../src/plan/buildPlan.js';
import type { InternalSubagentSetup } from '../../../../src/plan/internalSubagentSetup.js';
import { ResourceType } from '../../../../src/resources/resourceType.js';
import type { ActionFunction } from '../../../../src/runtime/actionFunction.js';
import { EVENT_TYPES, GenericEvent, OutputEvent, type InputEvent } from '../../../../src/runtime/events.js';
import { MemoryStore } from '../../../../src/runtime/memoryStore.js';
import { LocalRunner } from '../../../../src/runner/localRunner.js';

const fn = (name: string, run: ActionFunction) => new TypeScriptFunction<ActionFunction>('test', name, run);
const NEVER = new Promise<never>(() => undefined);

// An action that calls `name` with its input and outputs the result, or `failed:<message>`.
const calling = (name: string) => fn(`call_${name}`, async (e, ctx) => {
  const result = await (ctx.getResource(name, ResourceType.AGENT) as InternalSubagentSetup).submit(ctx, (e as InputEvent).input);
  ctx.sendEvent(new OutputEvent(result.success ? (result.result as PyJson) : `failed:${result.errorMessage}`));
});

const runWith = async (agent: Agent, config: Record<string, PyJson>) => {
  const plan = await buildPlan(agent, { config: new AgentConfiguration(new Map(Object.entries(config))) });
  return (await new LocalRunner(plan, { store: new MemoryStore() }).run([1], ['k']))[0]!;
};

describe('runner/internal: subagent.timeout-ms and cancellation (ours)', () => {
  it('fails a call not completed in time, cancels its scope and drops its waiting events, with nothing reaching the caller', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const ran: string[] = [];
    const child = new Agent('Slow')
      .addAction('first', [EVENT_TYPES.input], fn('first', (_e, ctx) => ctx.sendEvent(new GenericEvent('_next', new Map()))))
      .addAction('hang', [EVENT_TYPES.input], fn('hang', async (_e, ctx) => {
        await gate;
        ran.push('hang resumed');
        ctx.getShortTermMemory().set('late', true);
        ctx.sendEvent(new OutputEvent('late'));
      }))
      .addAction('next', ['_next'], fn('next', (_e, ctx) => {
        ran.push('next');
        ctx.sendEvent(new OutputEvent('next ran'));
      }));
    const parent = new Agent('Parent').addResource('child', ResourceType.AGENT, child).addAction('call', [EVENT_TYPES.input], calling('child'));
    const run = await runWith(parent, { 'subagent.timeout-ms': 30 });
    expect(run.error).toBeUndefined();
    expect(run.outputs).toEqual(['failed:Sub-agent call timed out after 30 ms']);
    const [call] = run.calls;
    expect([call!.scope, call!.cancelled, call!.error, call!.outputs, call!.trace.map((e) => e.delegate.type)]).toEqual(['child', true, null, [], ['_input_event']]);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The abandoned action ran on, but what it sent and wrote went nowhere.
    expect(ran).toEqual(['hang resumed']);
    expect(run.outputs).toEqual(['failed:Sub-agent call timed out after 30 ms']);
    expect(run.trace.map((e) => e.type)).toEqual(['_input_event', '_output_event']);
  });

  it('cancels every running child scope of a cancelled caller, however deep', async () => {
    const deep = new Agent('Deep').addAction('hang', [EVENT_TYPES.input], fn('hang', async () => { await NEVER; }));
    const middle = new Agent('Middle').addResource('deep', ResourceType.AGENT, deep).addAction('relay', [EVENT_TYPES.input], calling('deep'));
    const parent = new Agent('Parent').addResource('middle', ResourceType.AGENT, middle).addAction('call', [EVENT_TYPES.input], calling('middle'));
    const run = await runWith(parent, { 'subagent.timeout-ms': 40 });
    expect(run.outputs).toEqual(['failed:Sub-agent call timed out after 40 ms']);
    const calls = run.calls.map((c) => [c.scope, c.cancelled, c.error, c.outputs]).sort();
    expect(calls).toEqual([['deep', true, null, []], ['middle', true, null, []]]);
  });

  it('leaves a call that completes in time as it is, and refuses a limit that is not positive', async () => {
    const echo = new Agent('Echo').addAction('echo', [EVENT_TYPES.input], fn('echo', (e, ctx) => ctx.sendEvent(new OutputEvent(`echo:${String((e as InputEvent).input)}`))));
    const parent = () => new Agent('Parent').addResource('child', ResourceType.AGENT, echo).addAction('call', [EVENT_TYPES.input], calling('child'));
    const run = await runWith(parent(), { 'subagent.timeout-ms': 60_000 });
    expect([run.outputs, run.calls.map((c) => c.cancelled)]).toEqual([[['echo:1']], [false]]);
    expect(((await runWith(parent(), { 'subagent.timeout-ms': 0 })).error as Error).message).toBe('subagent.timeout-ms must be positive');
  });
});
