import { afterEach, describe, expect, it } from 'vitest';
import type { PyJson } from '../../../src/json/pyJson.js';
import { Agent } from '../../../src/plan/agent.js';
import { defaultRegistry } from '../../../src/plan/defaultRegistry.js';
import { AgentResources } from '../../../src/runner/agentResources.js';
import { MemoryStore } from '../../../src/runtime/memoryStore.js';
import { ActionContext, SessionIds } from '../../../src/runtime/runnerContext.js';
import { FunctionSubagentSetup } from '../../../src/setups/functionSubagentSetup.js';
import { startSubagentServer, type SubagentServer } from '../../../src/setups/httpSubagentServer.js';
import { HttpSubagentSetup } from '../../../src/setups/httpSubagentSetup.js';
import { obj } from '../../helpers/tree.js';

const servers: SubagentServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});
const serve = async (handler: Parameters<typeof startSubagentServer>[0]) => {
  const server = await startSubagentServer(handler);
  servers.push(server);
  return server;
};
const context = (store: MemoryStore) => new ActionContext({ resources: AgentResources.ofAgent(new Agent(), defaultRegistry), store, scope: 'order-1/3', sessions: new SessionIds('order-1'), emit: () => {} });

describe('subagent/httpSubagentSetup', () => {
  it('posts the prompt and the session and answers with the reply', async () => {
    const server = await serve((prompt, session) => obj({ echo: prompt, session }));
    const setup = new HttpSubagentSetup({ endpoint: server.url, inputSchema: '{"type":"object"}' });
    const result = await setup.submit(context(new MemoryStore()), obj({ question: 'why?' }));
    expect(result.success).toBe(true);
    expect(result.result).toEqual(obj({ echo: { question: 'why?' }, session: 'order-1.session-1' }));
    expect(server.calls).toEqual([{ prompt: obj({ question: 'why?' }), session: 'order-1.session-1' }]);
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
    expect(setup.toJSON()).toEqual({ description: '', input_schema: '{"type":"object"}' });
  });
});
