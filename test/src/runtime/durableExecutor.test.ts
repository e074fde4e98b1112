import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { PyFloat } from '../../../src/json/pyJson.js';
import { CancelledError } from '../../../src/runtime/cancellation.js';
import { durable, DurableExecutor, RecordedError, ReplayMismatchError } from '../../../src/runtime/durableExecutor.js';
import type { DurableStore } from '../../../src/runtime/durableStore.js';
import { MemoryStore } from '../../../src/runtime/memoryStore.js';
import { SqliteStore } from '../../../src/runtime/sqliteStore.js';
import { StoreClaimedError } from '../../../src/runtime/storeClaimedError.js';

const require = createRequire(import.meta.url);
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const sqlitePath = () => {
  const dir = mkdtempSync(join(tmpdir(), 'agentparity-durable-'));
  dirs.push(dir);
  return join(dir, 'store.sqlite');
};

const stores: [string, () => { open: () => DurableStore }][] = [
  ['memory', () => { const store = new MemoryStore(); return { open: () => store }; }],
  ['sqlite', () => { const path = sqlitePath(); return { open: () => new SqliteStore(path) }; }],
];

describe.each(stores)('runtime/durableExecutor over the %s store', (_name, makeStore) => {
  it('calls once and replays the recorded value on a second run', async () => {
    const { open } = makeStore();
    let calls = 0;
    const call = durable('lookup', () => { calls += 1; return new Map([['n', new PyFloat(2)]]); });
    const first = new DurableExecutor(open(), 'run-0/1');
    expect(first.execute(call)).toEqual(new Map([['n', new PyFloat(2)]]));
    const second = new DurableExecutor(open(), 'run-0/1');
    expect(second.execute(call)).toEqual(new Map([['n', new PyFloat(2)]]));
    expect(calls).toBe(1);
    expect([first.executions, second.executions]).toEqual([1, 0]);
  });

  it('replays a recorded failure with its kind and message', async () => {
    const { open } = makeStore();
    let calls = 0;
    const call = durable('fail', async () => { calls += 1; throw new RangeError('boom'); });
    await expect(new DurableExecutor(open(), 's').executeAsync(call)).rejects.toThrow(RangeError);
    const replayed = new DurableExecutor(open(), 's').executeAsync(call);
    await expect(replayed).rejects.toBeInstanceOf(RecordedError);
    await expect(replayed).rejects.toMatchObject({ kind: 'RangeError', message: 'boom' });
    expect(calls).toBe(1);
  });

  it('does not record a cancelled call, so it runs again', async () => {
    const { open } = makeStore();
    let calls = 0;
    const call = durable('slow', async () => { calls += 1; if (calls === 1) throw new CancelledError('stop', { code: 'SCRIPTED_CANCELLED' }); return 'done'; });
    await expect(new DurableExecutor(open(), 's').executeAsync(call)).rejects.toBeInstanceOf(CancelledError);
    expect(await new DurableExecutor(open(), 's').executeAsync(call)).toBe('done');
    expect(calls).toBe(2);
  });

  it('numbers concurrent calls by submission, so they replay to the same call', async () => {
    const { open } = makeStore();
    // "slow" finishes only once "fast" has: the order of completion is decided by the gate, not a clock.
    const slowThenFast = () => {
      let fastDone: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (fastDone = resolve));
      return [durable('slow', async () => (await gate, 'slow')), durable('fast', async () => (fastDone(), 'fast'))];
    };
    const executor = new DurableExecutor(open(), 's');
    expect(await executor.executeAll(slowThenFast())).toEqual(['slow', 'fast']);
    const store = open();
    expect(store.keys()).toEqual(['s/1', 's/0']);
    expect(store.get('s/0')?.name).toBe('slow');
    const replay = new DurableExecutor(open(), 's');
    expect(await replay.executeAll(slowThenFast())).toEqual(['slow', 'fast']);
    expect(replay.executions).toBe(0);
  });

  it('refuses to replay a call recorded under another name', () => {
    const { open } = makeStore();
    new DurableExecutor(open(), 's').execute(durable('a', () => 1));
    expect(() => new DurableExecutor(open(), 's').execute(durable('b', () => 2))).toThrow(ReplayMismatchError);
  });

  it('records the start under the invocation id before the call runs', async () => {
    const { open } = makeStore();
    const store = open();
    let seenAtCall: unknown;
    await new DurableExecutor(store, 's').executeAsync({ name: 'remote', invocationId: 'sess#c1', call: () => (seenAtCall = store.started('s/0')) });
    expect(seenAtCall).toEqual({ name: 'remote', invocationId: 'sess#c1' });
    new DurableExecutor(store, 't').execute(durable('plain', () => 1));
    expect(open().started('t/0')).toEqual({ name: 'plain', invocationId: 't/0' });
  });

  it('recovers a call that started and never completed, instead of calling it again', async () => {
    const { open } = makeStore();
    open().start('s/0', { name: 'remote', invocationId: 'sess#c1' });
    let calls = 0;
    const recovered: string[] = [];
    const callable = { name: 'remote', call: () => (calls += 1), recover: (id: string) => { recovered.push(id); return -1; } };
    expect(await new DurableExecutor(open(), 's').executeAsync(callable)).toBe(-1);
    expect(await new DurableExecutor(open(), 's').executeAsync(callable)).toBe(-1);
    expect([calls, recovered]).toEqual([0, ['sess#c1']]);
    expect(new DurableExecutor(open(), 's').execute(callable)).toBe(-1);
  });

  it('repeats an interrupted call that offers no recovery, and checks its name', async () => {
    const { open } = makeStore();
    open().start('s/0', { name: 'remote', invocationId: 's/0' });
    expect(() => new DurableExecutor(open(), 's').execute(durable('other', () => 1))).toThrow(ReplayMismatchError);
    expect(new DurableExecutor(open(), 's').execute(durable('remote', () => 2))).toBe(2);
  });

  it('is claimed by one run at a time', () => {
    const { open } = makeStore();
    const first = open();
    first.claim();
    const second = open();
    expect(() => second.claim()).toThrow(StoreClaimedError);
    first.release();
    second.claim();
    second.release();
  });
});

describe('runtime/sqliteStore', () => {
  it('resumes a store written before starts and claims were recorded', () => {
    const path = sqlitePath();
    const old = new Database(path);
    old.exec('CREATE TABLE durable_calls (seq INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL UNIQUE, name TEXT NOT NULL, outcome TEXT NOT NULL)');
    old.prepare('INSERT INTO durable_calls (key, name, outcome) VALUES (?, ?, ?)').run('s/0', 'lookup', '{"ok":7}');
    old.close();
    let calls = 0;
    const store = new SqliteStore(path);
    expect(new DurableExecutor(store, 's').execute(durable('lookup', () => (calls += 1)))).toBe(7);
    expect(new DurableExecutor(store, 's').execute(durable("lookup", () => (calls += 1)))).toBe(7);
    expect(calls).toBe(0);
    store.claim();
    store.close();
  });

  it('names the holding process when the claim is refused, and a killed holder frees it', async () => {
    const path = sqlitePath();
    const holder = execa('node', ['-e', `const D = require(${JSON.stringify(require.resolve('better-sqlite3'))}); const d = new D(${JSON.stringify(`${path}.lock`)}); d.exec('BEGIN EXCLUSIVE'); console.log('held'); setInterval(() => {}, 1000);`], { stdout: 'pipe' });
    await new Promise<void>((resolve) => holder.stdout?.once('data', () => resolve()));
    const store = new SqliteStore(path);
    expect(() => store.claim()).toThrow(`Durable store ${path} is claimed by another run (a run that has not said who it is yet); it is free again when that run ends`);
    holder.kill('SIGKILL');
    await holder.catch(() => undefined);
    store.claim();
    store.close();
  });
});

describe('runtime/durableExecutor', () => {
  it('raises the first failure in submission order after every call settled', async () => {
    const executor = new DurableExecutor(new MemoryStore(), 's');
    let finished = 0;
    const ok = durable('ok', () => new Promise<number>((r) => setTimeout(() => { finished += 1; r(1); }, 20)));
    const bad = (m: string) => durable(m, async () => { throw new Error(m); });
    await expect(executor.executeAll([ok, bad('first'), bad('second')])).rejects.toThrow('first');
    expect(finished).toBe(1);
  });

  it('refuses a promise from the synchronous form', () => {
    const executor = new DurableExecutor(new MemoryStore(), 's');
    expect(() => executor.execute(durable('p', async () => 1))).toThrow('use durableExecuteAsync');
  });

  it('encodes and decodes values that are not JSON', () => {
    const store = new MemoryStore();
    const call = { name: 'date', call: () => new Date(0), encode: (d: Date) => d.toISOString(), decode: (v: unknown) => new Date(v as string) };
    new DurableExecutor(store, 's').execute(call);
    expect(store.get('s/0')?.outcome).toEqual({ status: 'succeeded', value: '1970-01-01T00:00:00.000Z' });
    expect(new DurableExecutor(store, 's').execute(call)).toEqual(new Date(0));
  });
});

describe('runtime/durableStore', () => {
  it('writes the outcome text the Python runtime writes', async () => {
    const { outcomeToText } = await import('../../../src/runtime/durableStore.js');
    expect(outcomeToText({ status: 'succeeded', value: new Map<string, import('../../../src/json/pyJson.js').PyJson>([['a', [1, new PyFloat(2), 'é']]]) })).toBe('{"ok":{"a":[1,2.0,"\\u00e9"]}}');
    expect(outcomeToText({ status: 'failed', kind: 'KeyError', message: 'x' })).toBe('{"error":{"kind":"KeyError","message":"x"}}');
  });
});
