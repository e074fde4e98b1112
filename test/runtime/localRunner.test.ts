import { describe, expect, it } from 'vitest';
import { Agent } from '../../src/runtime/agent.js';
import { CancelledError } from '../../src/runtime/cancellation.js';
import { durable } from '../../src/runtime/durableExecutor.js';
import { EVENT_TYPES, GenericEvent, InputEvent, OutputEvent } from '../../src/runtime/events.js';
import { LocalRunner } from '../../src/runtime/localRunner.js';
import { MemoryStore } from '../../src/runtime/memoryStore.js';

const shouting = (calls: string[]) =>
  new Agent()
    .on('shout', [EVENT_TYPES.input], async (event, ctx) => {
      const input = (event as InputEvent).input as string;
      if (input === 'bad') throw new Error('cannot shout that');
      const loud = await ctx.durableExecuteAsync(durable('upper', async () => { calls.push(input); return input.toUpperCase(); }));
      ctx.sendEvent(new GenericEvent('_shouted', new Map([['text', loud]])));
    })
    .on('reply', ['_shouted'], (event, ctx) => {
      ctx.sendEvent(new OutputEvent(`${(event as GenericEvent).attributes().get('text') as string}! (${ctx.nextSessionId()})`));
    });

describe('runtime/localRunner', () => {
  it('processes the events each input leads to, in order, and collects the outputs', async () => {
    const runs = await new LocalRunner(shouting([]), { store: new MemoryStore() }).run(['hi', 'yo']);
    expect(runs.map((r) => r.outputs)).toEqual([['HI! (input-0.session-1)'], ['YO! (input-1.session-1)']]);
    expect(runs[0]?.trace.map((e) => e.type)).toEqual(['_input_event', '_shouted', '_output_event']);
    expect(runs.map((r) => r.durableExecutions)).toEqual([1, 1]);
  });

  it('replays completed durable calls when a run is restarted on the same store', async () => {
    const store = new MemoryStore();
    const calls: string[] = [];
    const first = await new LocalRunner(shouting(calls), { store }).run(['hi'], ['order-1']);
    const again = await new LocalRunner(shouting(calls), { store }).run(['hi'], ['order-1']);
    expect(calls).toEqual(['hi']);
    expect(again[0]?.outputs).toEqual(first[0]?.outputs);
    expect(again[0]?.durableExecutions).toBe(0);
    expect(store.keys()).toEqual(['order-1/0/0']);
  });

  it('reports a failing input and still runs the others', async () => {
    const runs = await new LocalRunner(shouting([]), { store: new MemoryStore() }).run(['bad', 'ok']);
    expect(runs[0]?.error).toEqual(new Error('cannot shout that'));
    expect(runs[1]?.outputs).toEqual(['OK! (input-1.session-1)']);
  });

  it('stops the whole run on a cancellation', async () => {
    const agent = new Agent().on('stop', [EVENT_TYPES.input], () => { throw new CancelledError('stop'); });
    await expect(new LocalRunner(agent, { store: new MemoryStore() }).run(['a', 'b'])).rejects.toBeInstanceOf(CancelledError);
  });

  it('refuses two actions under one name', () => {
    expect(() => new Agent().on('a', [], () => {}).on('a', [], () => {})).toThrow('Duplicate action name: a');
  });
});
