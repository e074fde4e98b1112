import { describe, expect, it } from 'vitest';
import { TypeScriptFunction } from '../../../../src/functions/functionDescriptor.js';
import type { PyJson } from '../../../../src/json/pyJson.js';
import { Agent } from '../../../../src/plan/agent.js';
import { AgentConfiguration } from '../../../../src/plan/agentPlan.js';
import { buildPlan } from '../../../../src/plan/buildPlan.js';
import type { InternalSubagentSetup } from '../../../../src/plan/internalSubagentSetup.js';
import { Prompt } from '../../../../src/resources/prompt.js';
import { ResourceType } from '../../../../src/resources/resourceType.js';
import type { ActionFunction } from '../../../../src/runtime/actionFunction.js';
import { EVENT_TYPES, GenericEvent, OutputEvent, type InputEvent } from '../../../../src/runtime/events.js';
import { MemoryStore } from '../../../../src/runtime/memoryStore.js';
import type { RunnerContext } from '../../../../src/runtime/runnerContext.js';
import { LocalRunner } from '../../../../src/runner/localRunner.js';
import { SubagentFutures } from '../../../../src/subagent/subagentFutures.js';

const fn = (name: string, run: ActionFunction) => new TypeScriptFunction('test/src/runner/internal', name, run);
const input = (event: unknown) => (event as InputEvent).input;
const setup = (ctx: RunnerContext, name: string) => ctx.getResource(name, ResourceType.AGENT) as InternalSubagentSetup;

const echo = () => new Agent('Echo').addAction('echo', [EVENT_TYPES.input], fn('echo', (e, ctx) => ctx.sendEvent(new OutputEvent(`echo:${String(input(e))}`))));

// A parent that calls `child` with its input and outputs what came back (or the failure).
const caller = (child: Agent, name = 'child') =>
  new Agent('Parent').addResource(name, ResourceType.AGENT, child).addAction(
    'call',
    [EVENT_TYPES.input],
    fn('call', async (e, ctx) => {
      const result = await setup(ctx, name).submit(ctx, input(e) as PyJson);
      ctx.sendEvent(new OutputEvent(result.success ? (result.result as PyJson) : `failed:${result.errorMessage}`));
    }),
  );

const runOne = async (agent: Agent, value: PyJson, store = new MemoryStore()) => (await new LocalRunner(agent, { store }).run([value], ['k']))[0]!;

describe('runner/internal: internal sub-agents in the local runner (reference §3-4)', () => {
  it("gives the caller the child's accumulated outputs", async () => {
    const run = await runOne(caller(echo()), 7);
    expect(run.error).toBeUndefined();
    expect(run.outputs).toEqual([['echo:7']]);
    expect(run.calls.map((c) => [c.scope, c.trace.map((t) => t.delegate.type), c.outputs])).toEqual([['child', ['_input_event'], ['echo:7']]]);
  });

  it('runs the compiled plan alike', async () => {
    const run = (await new LocalRunner(await buildPlan(caller(echo())), { store: new MemoryStore() }).run([7], ['k']))[0]!;
    expect(run.outputs).toEqual([['echo:7']]);
  });

  it('turns a child failure into a failed result while the scope runs on', async () => {
    const child = new Agent('Refuser')
      .addAction('refuse', [EVENT_TYPES.input], fn('refuse', () => { throw new Error('child refused please'); }))
      .addAction('also', [EVENT_TYPES.input], fn('also', (_e, ctx) => ctx.sendEvent(new OutputEvent('still ran'))));
    const run = await runOne(caller(child), 1);
    expect(run.outputs).toEqual(['failed:Error: child refused please']);
    expect(run.calls[0]!.outputs).toEqual(['still ran']);
  });

  it('gives successive calls distinct deterministic ids, the same on every run', async () => {
    const parent = new Agent('Parent').addResource('child', ResourceType.AGENT, echo()).addAction(
      'call',
      [EVENT_TYPES.input],
      fn('call', async (_e, ctx) => {
        const a = setup(ctx, 'child').submit(ctx, 1);
        const b = setup(ctx, 'child').submit(ctx, 2);
        ctx.sendEvent(new OutputEvent([a.identity, b.identity, ...(await a.combine(b)).map((r) => r.result as PyJson)]));
      }),
    );
    const [first, second] = [await runOne(parent, 0), await runOne(parent, 0)];
    const [a, b] = first.outputs[0] as string[];
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-3[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}-0#[0-9a-f-]{36}-0-1$/);
    expect(b!.split('#')[0]).toBe(a!.split('#')[0]!.replace(/-0$/, '-1'));
    expect(second.outputs).toEqual(first.outputs);
    expect((first.outputs[0] as PyJson[]).slice(2)).toEqual([['echo:1'], ['echo:2']]);
  });

  it('reaches a grandchild through nesting', async () => {
    const run = await runOne(caller(new Agent('Relay').addResource('deep', ResourceType.AGENT, echo()).addAction('relay', [EVENT_TYPES.input], fn('relay', async (e, ctx) => {
      const result = await setup(ctx, 'deep').submit(ctx, `deep:${String(input(e))}`);
      ctx.sendEvent(new OutputEvent(`relayed:${(result.result as string[])[0]}`));
    }))), 7);
    expect(run.outputs).toEqual([['relayed:echo:deep:7']]);
    expect(run.calls.map((c) => c.scope)).toEqual(['deep', 'child']);
  });

  it("keeps memory per call: nothing of the caller's, later actions see earlier writes, nothing leaks back", async () => {
    const child = new Agent('Child')
      .addAction('first', [EVENT_TYPES.input], fn('first', (_e, ctx) => {
        const seen = ctx.getShortTermMemory().get('secret') ?? ctx.getSensoryMemory().get('secret') ?? '<missing>';
        ctx.getShortTermMemory().set('note', 'from-write');
        ctx.sendEvent(new OutputEvent(`saw:${String(seen)}`));
        ctx.sendEvent(new GenericEvent('_next', new Map()));
      }))
      .addAction('second', ['_next'], fn('second', (_e, ctx) => ctx.sendEvent(new OutputEvent(`read:${String(ctx.getShortTermMemory().get('note'))}`))));
    const parent = new Agent('Parent').addResource('child', ResourceType.AGENT, child).addAction('call', [EVENT_TYPES.input], fn('call', async (_e, ctx) => {
      ctx.getShortTermMemory().set('secret', 's');
      ctx.getSensoryMemory().set('secret', 's');
      const one = await setup(ctx, 'child').submit(ctx, 1);
      const two = await setup(ctx, 'child').submit(ctx, 2);
      ctx.sendEvent(new OutputEvent([one.result as PyJson, two.result as PyJson, ctx.getShortTermMemory().isExist('note')]));
    }));
    expect((await runOne(parent, 0)).outputs).toEqual([[['saw:<missing>', 'read:from-write'], ['saw:<missing>', 'read:from-write'], false]]);
  });

  it("keeps the child's events in its scope and matches child actions by the delegate's type", async () => {
    const child = new Agent('Child')
      .addAction('start', [EVENT_TYPES.input], fn('start', (_e, ctx) => ctx.sendEvent(new GenericEvent('_ping', new Map()))))
      .addAction('pong', ['_ping'], fn('pong', (_e, ctx) => ctx.sendEvent(new OutputEvent('pong'))));
    const parent = caller(child).addAction('parentPing', ['_ping'], fn('parentPing', (_e, ctx) => ctx.sendEvent(new OutputEvent('parent saw ping'))));
    const run = await runOne(parent, 0);
    expect(run.outputs).toEqual([['pong']]);
    expect(run.trace.map((e) => e.type)).toEqual(['_input_event', '_output_event']);
    expect(run.calls[0]!.trace.map((e) => [e.type, e.delegate.type])).toEqual([['InternalSubagentCallEvent', '_input_event'], ['InternalSubagentCallEvent', '_ping']]);
  });

  it('fails an action that never resolves a handle it submitted, in upstream words', async () => {
    const parent = new Agent('Parent').addResource('child', ResourceType.AGENT, echo()).addAction('drop', [EVENT_TYPES.input], fn('drop', (_e, ctx) => {
      setup(ctx, 'child').submit(ctx, 1);
    }));
    const run = await runOne(parent, 0);
    expect(String((run.error as Error).message)).toMatch(
      /^Action drop finished without resolving the sub-agent calls it submitted: \[[0-9a-f-]+-0#[0-9a-f-]+-0-1\]\. Resolve every handle returned by submit\(\), individually or through SubagentFutures\.$/,
    );
  });

  it('resolves resources in the child first, then in the root; a grandchild falls back to the root, not its parent', async () => {
    const look = (names: string[]) => fn('look', (_e, ctx) => {
      ctx.sendEvent(new OutputEvent(names.map((n) => { try { return (ctx.getResource(n, ResourceType.PROMPT) as Prompt).text; } catch (error) { return (error as Error).message; } })));
    });
    const grandchild = new Agent('Grand').addAction('look', [EVENT_TYPES.input], look(['mine', 'middle', 'top']));
    const child = new Agent('Child')
      .addResource('mine', ResourceType.PROMPT, Prompt.fromText('child-mine'))
      .addResource('middle', ResourceType.PROMPT, Prompt.fromText('child-middle'))
      .addResource('g', ResourceType.AGENT, grandchild)
      .addAction('look', [EVENT_TYPES.input], look(['mine', 'top']))
      .addAction('down', [EVENT_TYPES.input], fn('down', async (_e, ctx) => ctx.sendEvent(new OutputEvent((await setup(ctx, 'g').submit(ctx, 0)).result as PyJson))));
    const parent = caller(child).addResource('mine', ResourceType.PROMPT, Prompt.fromText('root-mine')).addResource('top', ResourceType.PROMPT, Prompt.fromText('root-top'));
    const run = await runOne(parent, 0);
    expect(run.outputs).toEqual([[['child-mine', 'root-top'], [['root-mine', 'Resource not found: middle of type prompt', 'root-top']]]]);
  });

  it('admits at most subagent.parallelism calls at once and returns results in handle order', async () => {
    // A call finishes when released: the latest started first, one whenever the limit is reached or
    // every call has started. The calls finish out of handle order and the peak is reached by no clock.
    let running = 0;
    let peak = 0;
    let started = 0;
    const waiting: (() => void)[] = [];
    const releaseOne = (): void => waiting.pop()?.();
    const slow = new Agent('Slow').addAction('work', [EVENT_TYPES.input], fn('work', async (e, ctx) => {
      running += 1;
      started += 1;
      peak = Math.max(peak, running);
      const released = new Promise<void>((resolve) => waiting.push(resolve));
      if (running === 3 || started === 7) releaseOne();
      await released;
      running -= 1;
      if (started === 7) releaseOne();
      ctx.sendEvent(new OutputEvent(input(e) as number));
    }));
    const parent = new Agent('Parent').addResource('slow', ResourceType.AGENT, slow).addAction('fan', [EVENT_TYPES.input], fn('fan', async (_e, ctx) => {
      const handles = [0, 1, 2, 3, 4, 5, 6].map((n) => setup(ctx, 'slow').submit(ctx, n));
      ctx.sendEvent(new OutputEvent((await new SubagentFutures(...handles)).map((r) => (r.result as number[])[0]!)));
    }));
    const plan = await buildPlan(parent, { config: new AgentConfiguration(new Map([['subagent.parallelism', 3]])) });
    const [run] = await new LocalRunner(plan, { store: new MemoryStore() }).run([0]);
    expect(run!.outputs).toEqual([[0, 1, 2, 3, 4, 5, 6]]);
    expect(peak).toBe(3);
  });

  it('checks a group before any call starts (reference §3.8)', async () => {
    const message = async (config: Map<string, PyJson>, group: (ctx: RunnerContext) => SubagentFutures) => {
      const parent = new Agent('Parent').addResource('child', ResourceType.AGENT, echo()).addAction('fan', [EVENT_TYPES.input], fn('fan', async (_e, ctx) => {
        await group(ctx);
      }));
      const [run] = await new LocalRunner(await buildPlan(parent, { config: new AgentConfiguration(config) }), { store: new MemoryStore() }).run([0]);
      return [(run!.error as Error).message, run!.calls.length];
    };
    const three = (ctx: RunnerContext) => new SubagentFutures(...[1, 2, 3].map((n) => setup(ctx, 'child').submit(ctx, n)));
    expect(await message(new Map([['subagent.max-batch-size', 2]]), three)).toEqual(['Sub-agent batch size 3 exceeds subagent.max-batch-size 2', 0]);
    expect(await message(new Map([['subagent.parallelism', 0]]), three)).toEqual(['subagent.max-batch-size and subagent.parallelism must be positive', 0]);
  });

  it('replays a recorded call instead of running the child again', async () => {
    let runs = 0;
    const counted = new Agent('Counted').addAction('count', [EVENT_TYPES.input], fn('count', (_e, ctx) => {
      runs += 1;
      ctx.sendEvent(new OutputEvent('counted'));
    }));
    const store = new MemoryStore();
    const first = await runOne(caller(counted), 0, store);
    const second = await runOne(caller(counted), 0, store);
    expect([first.outputs, second.outputs, runs]).toEqual([[['counted']], [['counted']], 1]);
  });
});
