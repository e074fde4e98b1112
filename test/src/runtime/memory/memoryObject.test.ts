import { describe, expect, it } from 'vitest';
import { TypeScriptFunction } from '../../../../src/functions/functionDescriptor.js';
import type { PyJson } from '../../../../src/json/pyJson.js';
import { Agent } from '../../../../src/plan/agent.js';
import { defaultRegistry } from '../../../../src/plan/defaultRegistry.js';
import type { ActionFunction } from '../../../../src/runtime/actionFunction.js';
import { EVENT_TYPES, GenericEvent, OutputEvent, type InputEvent } from '../../../../src/runtime/events.js';
import { MemoryObject } from '../../../../src/runtime/memory/memoryObject.js';
import { MemoryStore } from '../../../../src/runtime/memoryStore.js';
import { ActionContext, SessionIds } from '../../../../src/runtime/runnerContext.js';
import { AgentResources } from '../../../../src/runner/agentResources.js';
import { LocalRunner } from '../../../../src/runner/localRunner.js';

const memory = (): MemoryObject =>
  new ActionContext({ resources: AgentResources.ofAgent(new Agent(), defaultRegistry), store: new MemoryStore(), scope: 'm/0', sessions: new SessionIds('m'), emit: () => {} }).getSensoryMemory();

describe('runtime/memory/memoryObject', () => {
  it('reaches nested fields by name from the inner object or by dotted path from the outer one', () => {
    const root = memory();
    const user = root.newObject('user');
    user.set('name', 'john');
    root.set('user.age', 13);
    expect((root.get('user') as MemoryObject).get('name')).toBe('john');
    expect(root.get('user.age')).toBe(13);
    expect(root.getFieldNames()).toEqual(['user']);
    expect(user.getFieldNames()).toEqual(['age', 'name']);
    expect(root.getFields()).toEqual(new Map([['user', 'NestedObject']]));
    expect(root.isExist('user.name')).toBe(true);
    expect(root.isExist('user.email')).toBe(false);
    expect(root.get('nothing')).toBeUndefined();
  });

  it('makes missing intermediate objects and returns a reference that reads the value back', () => {
    const root = memory();
    const ref = root.set('a.b.c', [1, 2]);
    expect([ref.path, ref.typeName]).toEqual(['a.b.c', 'list']);
    expect(root.get(ref)).toEqual([1, 2]);
    expect(root.getFieldNames()).toEqual(['a']);
    expect((root.get('a.b') as MemoryObject).getFieldNames()).toEqual(['c']);
  });

  it('keeps a copy: changing what was set or read does not change memory', () => {
    const root = memory();
    const list: number[] = [1];
    root.set('l', list);
    list.push(2);
    (root.get('l') as number[]).push(3);
    expect(root.get('l')).toEqual([1]);
  });

  it('refuses to overwrite an object with a value, a value with an object, and a MemoryObject value', () => {
    const root = memory();
    root.newObject('obj');
    root.set('val', 1);
    expect(() => root.set('obj', 1)).toThrow("Cannot overwrite object field 'obj' with primitive.");
    expect(() => root.newObject('val')).toThrow("Field 'val' exists but is not object.");
    expect(root.newObject('val', { overwrite: true }).getFieldNames()).toEqual([]);
    expect(() => root.set('x', root as unknown as PyJson)).toThrow('Do not set a MemoryObject instance directly; use new_object().');
    expect(() => root.set('y', new Date() as unknown as PyJson)).toThrow(/cannot keep a value of type Date at 'y'/);
    expect(root.isExist('x') || root.isExist('y')).toBe(false);
  });
});

const action = (name: string, run: ActionFunction) => new TypeScriptFunction('test/src/runtime/memory', name, run);

// Counts the inputs of a key in short-term memory, notes the input in sensory memory, and outputs both in a second action.
const counting = (stamp: () => number) =>
  new Agent('Counter')
    .addAction(
      'count',
      [EVENT_TYPES.input],
      action('count', (_event, ctx) => {
        const stm = ctx.getShortTermMemory();
        stm.set('count', ((stm.get('count') as number | undefined) ?? 0) + 1);
        stm.set('stamp', stamp());
        if (ctx.getSensoryMemory().isExist('seen')) throw new Error('sensory memory outlived its input');
        ctx.getSensoryMemory().set('seen', true);
        ctx.sendEvent(new GenericEvent('_counted', new Map()));
      }),
    )
    .addAction(
      'report',
      ['_counted'],
      action('report', (_event, ctx) => {
        const stm = ctx.getShortTermMemory();
        ctx.sendEvent(new OutputEvent([stm.get('count') as PyJson, stm.get('stamp') as PyJson, ctx.getSensoryMemory().get('seen') as PyJson]));
      }),
    );

describe('runtime/memory on the local runner', () => {
  it('keeps short-term memory per key across inputs, and sensory memory for one input', async () => {
    let n = 0;
    const runs = await new LocalRunner(counting(() => (n += 1)), { store: new MemoryStore() }).run(['a', 'b', 'c'], ['k', 'j', 'k']);
    expect(runs.map((r) => r.error)).toEqual([undefined, undefined, undefined]);
    expect(runs.map((r) => (r.outputs[0] as PyJson[])[0])).toEqual([1, 1, 2]);
  });

  it('restores on replay what the first run recorded, not what the replayed action writes', async () => {
    const store = new MemoryStore();
    const first = await new LocalRunner(counting(() => 100), { store }).run(['a'], ['k']);
    const replayed = await new LocalRunner(counting(() => 200), { store }).run(['a'], ['k']);
    expect(first[0]!.outputs).toEqual([[1, 100, true]]);
    expect(replayed[0]!.outputs).toEqual([[1, 100, true]]);
    expect(store.keys().filter((k) => k.endsWith('/memory'))).toEqual(['k/0/memory']);
  });

  it('drops the writes of an action that fails', async () => {
    const agent = new Agent('Failing')
      .addAction('write', [EVENT_TYPES.input], action('write', (event, ctx) => {
        if ((event as InputEvent).input !== 'x') return;
        ctx.getShortTermMemory().set('half', 'done');
        throw new Error('stop');
      }))
      .addAction('look', [EVENT_TYPES.input], action('look', (_e, ctx) => {
        ctx.sendEvent(new OutputEvent(ctx.getShortTermMemory().isExist('half')));
      }));
    const runner = new LocalRunner(agent, { store: new MemoryStore() });
    const [failed] = await runner.run(['x'], ['k']);
    expect(String(failed!.error)).toContain('stop');
    const [again] = await runner.run(['y'], ['k']);
    expect(again!.outputs).toEqual([false]);
  });
});
