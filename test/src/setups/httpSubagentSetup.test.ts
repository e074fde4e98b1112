import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { PyJson } from '../../../src/json/pyJson.js';
import { Agent } from '../../../src/plan/agent.js';
import { defaultRegistry } from '../../../src/plan/defaultRegistry.js';
import { AgentResources } from '../../../src/runner/agentResources.js';
import { MemoryStore } from '../../../src/runtime/memoryStore.js';
import { ActionContext, SessionIds } from '../../../src/runtime/runnerContext.js';
import { FunctionSubagentSetup } from '../../../src/setups/functionSubagentSetup.js';
import { startSubagentServer, type SubagentServer, type SubagentServerOptions } from '../../../src/setups/httpSubagentServer.js';
import { HttpSubagentSetup } from '../../../src/setups/httpSubagentSetup.js';
import { obj } from '../../helpers/tree.js';

const servers: SubagentServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});
const serve = async (handler: Parameters<typeof startSubagentServer>[0], options: SubagentServerOptions = {}) => {
  const server = await startSubagentServer(handler, options);
  servers.push(server);
  return server;
};
const context = (store: MemoryStore) => new ActionContext({ resources: AgentResources.ofAgent(new Agent(), defaultRegistry), store, scope: 'order-1/3', sessions: new SessionIds('order-1'), emit: () => {} });

describe('setups/httpSubagentSetup', () => {
  it('posts the prompt and the session and answers with the reply', async () => {
    const server = await serve((prompt, session) => obj({ echo: prompt, session }));
    const setup = new HttpSubagentSetup({ endpoint: server.url, inputSchema: '{"type":"object"}' });
    const result = await setup.submit(context(new MemoryStore()), obj({ question: 'why?' }));
    expect(result.success).toBe(true);
    expect(result.result).toEqual(obj({ echo: { question: 'why?' }, session: 'order-1.session-1' }));
    expect(server.calls).toEqual([{ prompt: obj({ question: 'why?' }), session: 'order-1.session-1', invocationId: 'order-1.session-1#order-1.session-1' }]);
  });

  it('replays the recorded result on a restarted run instead of calling again', async () => {
    const server = await serve(() => obj({ n: server.calls.length }));
    const store = new MemoryStore();
    const setup = new HttpSubagentSetup({ endpoint: server.url });
    const first = await setup.submit(context(store), 'go');
    const again = await setup.submit(context(store), 'go');
    expect(again).toEqual(first);
    expect(server.calls).toHaveLength(1);
    expect(store.keys()).toEqual(['order-1/3/0']);
  });

  it('turns an endpoint failure into a failed result, recorded like a success', async () => {
    const server = await serve(() => { throw new Error('quota exceeded'); });
    const store = new MemoryStore();
    const result = await new HttpSubagentSetup({ endpoint: server.url }).submit(context(store), 'go');
    expect(result.success).toBe(false);
    expect(result.errorMessage).toMatch(/^RuntimeError: http:\/\/127\.0\.0\.1:\d+\/ answered 500: "quota exceeded"$/);
    expect(await new HttpSubagentSetup({ endpoint: server.url }).submit(context(store), 'go')).toEqual(result);
    expect(server.calls).toHaveLength(1);
  });

  it('runs concurrent calls at the same time', async () => {
    // Each call waits for the other: both answer only if they are in flight together.
    let release: () => void = () => {};
    const bothArrived = new Promise<void>((resolve) => (release = resolve));
    const server = await serve(async (prompt) => {
      if (server.calls.length === 2) release();
      await bothArrived;
      return prompt;
    });
    const setup = new HttpSubagentSetup({ endpoint: server.url, timeoutMs: 10_000 });
    const ctx = context(new MemoryStore());
    const futures = [setup.submit(ctx, 'a'), setup.submit(ctx, 'b')];
    expect((await Promise.all(futures.map((f) => f.wait()))).map((r) => r.result)).toEqual(['a', 'b']);
  });

  it('a function sub-agent records its result, and a throw becomes a failed result', async () => {
    const calls: PyJson[] = [];
    const setup = new FunctionSubagentSetup({
      inputSchema: '{"type":"object"}',
      run: (prompt, session) => {
        calls.push(prompt);
        if (prompt === 'bad') throw new TypeError('nothing for bad');
        return obj({ seen: prompt, session });
      },
    });
    const store = new MemoryStore();
    const first = await setup.submit(context(store), 'go');
    expect(first.result).toEqual(obj({ seen: 'go', session: 'order-1.session-1' }));
    expect(await setup.submit(context(store), 'go')).toEqual(first);
    const failed = await setup.submit(context(new MemoryStore()), 'bad');
    expect([failed.success, failed.errorMessage]).toEqual([false, 'TypeError: nothing for bad']);
    expect(calls).toEqual(['go', 'bad']);
    expect(() => setup.toJSON()).toThrow('whose run is a bare function cannot be put in a plan');
  });
});

// A store that loses the outcome of every call: the process "dies" between the endpoint's answer
// and the record, so the next run on the store finds the call started and not completed.
class DiesBeforeRecord extends MemoryStore {
  override put(): void {
    throw new Error('killed before the record');
  }
}

const KEY = 'order-1.session-1#order-1.session-1';

describe('subagent/httpSubagentSetup: a call the process died during', () => {
  const interrupted = async (setup: HttpSubagentSetup, store: MemoryStore): Promise<void> => {
    const lost = new DiesBeforeRecord();
    await expect(setup.submit(context(lost), 'go').wait()).rejects.toThrow('killed before the record');
    store.start('order-1/3/0', lost.started('order-1/3/0')!);
  };

  it('sends the invocation id as the Idempotency-Key header and in the body', async () => {
    const seen: { header: string | undefined; body: string }[] = [];
    const raw = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ header: req.headers['idempotency-key'] as string | undefined, body: Buffer.concat(chunks).toString('utf8') });
        res.end('"ok"');
      });
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(raw.address() as AddressInfo).port}/run`;
      const result = await new HttpSubagentSetup({ endpoint: url }).submit(context(new MemoryStore()), 'go', 'sess-9', 'call-2').wait();
      expect(result.result).toBe('ok');
      expect(seen).toEqual([{ header: 'sess-9#call-2', body: '{"prompt": "go", "session": "sess-9", "invocation_id": "sess-9#call-2"}' }]);
    } finally {
      await new Promise((resolve) => raw.close(resolve));
    }
  });

  it('takes the outcome the status URL gives, without posting again', async () => {
    let executions = 0;
    const server = await serve(() => obj({ n: (executions += 1) }));
    const setup = new HttpSubagentSetup({ endpoint: server.url });
    const store = new MemoryStore();
    await interrupted(setup, store);
    const recovered = await setup.submit(context(store), 'go').wait();
    expect([recovered.success, recovered.result]).toEqual([true, obj({ n: 1 })]);
    expect([executions, server.calls.length]).toEqual([1, 1]);
    expect(store.keys()).toEqual(['order-1/3/0']);
  });

  it('takes a failed answer from the status URL as the same failed result', async () => {
    const server = await serve(() => { throw new Error('quota exceeded'); });
    const setup = new HttpSubagentSetup({ endpoint: server.url });
    const store = new MemoryStore();
    await interrupted(setup, store);
    const recovered = await setup.submit(context(store), 'go').wait();
    expect(recovered.errorMessage).toBe(`RuntimeError: ${server.url} answered 500: "quota exceeded"`);
    expect(server.calls).toHaveLength(1);
  });

  it('waits while the status says the call is still running', async () => {
    let finish: () => void = () => {};
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const server = await serve(async () => { await gate; return 'late'; });
    const setup = new HttpSubagentSetup({ endpoint: server.url, timeoutMs: 10_000 });
    const store = new MemoryStore();
    const first = setup.submit(context(store), 'go');
    while (server.calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const second = setup.submit(context(store), 'go');
    setTimeout(finish, 150);
    expect((await second.wait()).result).toBe('late');
    expect((await first.wait()).result).toBe('late');
    expect(server.calls).toHaveLength(1);
  });

  it('posts a call the endpoint says it never received', async () => {
    const server = await serve(() => 'fresh');
    const setup = new HttpSubagentSetup({ endpoint: server.url });
    const store = new MemoryStore();
    store.start('order-1/3/0', { name: 'http_subagent', invocationId: KEY });
    expect((await setup.submit(context(store), 'go').wait()).result).toBe('fresh');
    expect(server.calls.map((c) => c.invocationId)).toEqual([KEY]);
  });

  it('fails closed by default when the endpoint cannot say, and records that', async () => {
    const server = await serve(() => 'done', { status: false });
    const setup = new HttpSubagentSetup({ endpoint: server.url });
    const store = new MemoryStore();
    await interrupted(setup, store);
    const recovered = await setup.submit(context(store), 'go').wait();
    expect([recovered.success, recovered.errorMessage]).toEqual([false, `Sub-agent call ${KEY} has an unknown outcome after a restart`]);
    expect(await setup.submit(context(store), 'go').wait()).toEqual(recovered);
    expect(server.calls).toHaveLength(1);
  });

  it('repeats under `repeat`, with the same key, which the endpoint answers from its first execution', async () => {
    let executions = 0;
    const server = await serve(() => obj({ n: (executions += 1) }), { status: false });
    const setup = new HttpSubagentSetup({ endpoint: server.url, unknownOutcome: 'repeat' });
    const store = new MemoryStore();
    await interrupted(setup, store);
    expect((await setup.submit(context(store), 'go').wait()).result).toEqual(obj({ n: 1 }));
    expect(server.calls.map((c) => c.invocationId)).toEqual([KEY, KEY]);
    expect(executions).toBe(1);
  });

  it('a function sub-agent repeats an interrupted call by default, and fails it closed when told to', async () => {
    let runs = 0;
    const run = () => (runs += 1);
    const store = new MemoryStore();
    store.start('order-1/3/0', { name: 'function_subagent', invocationId: KEY });
    expect((await new FunctionSubagentSetup({ run }).submit(context(store), 'go').wait()).result).toBe(1);
    const closed = new MemoryStore();
    closed.start('order-1/3/0', { name: 'function_subagent', invocationId: KEY });
    const failed = await new FunctionSubagentSetup({ run, unknownOutcome: 'fail-closed' }).submit(context(closed), 'go').wait();
    expect(failed.errorMessage).toBe(`Sub-agent call ${KEY} has an unknown outcome after a restart`);
    expect(runs).toBe(1);
  });
});
