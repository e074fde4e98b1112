import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChatModelSetup } from '../../../src/chat/chatModelSetup.js';
import { OpenAiConnection } from '../../../src/chat/openAiConnection.js';
import { ScriptedConnection } from '../../../src/chat/scriptedConnection.js';
import { TypeScriptFunction } from '../../../src/functions/functionDescriptor.js';
import { StdioMcpServer } from '../../../src/mcp/stdioMcpServer.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { Agent } from '../../../src/plan/agent.js';
import { buildPlan } from '../../../src/plan/buildPlan.js';
import { defaultRegistry } from '../../../src/plan/defaultRegistry.js';
import { readPlan } from '../../../src/plan/readPlan.js';
import { writePlan } from '../../../src/plan/writePlan.js';
import { ResourceDescriptor } from '../../../src/resources/resourceDescriptor.js';
import { ResourceType } from '../../../src/resources/resourceType.js';
import type { ActionFunction } from '../../../src/runtime/actionFunction.js';
import { AgentResources } from '../../../src/runner/agentResources.js';
import { CancelledError } from '../../../src/runtime/cancellation.js';
import { ASK_CHAT_MODEL, REPLY_WITH_CHAT_RESPONSE } from '../../../src/runtime/chatAgentActions.js';
import { durable } from '../../../src/runtime/durableExecutor.js';
import { EVENT_TYPES, GenericEvent, InputEvent, OutputEvent } from '../../../src/runtime/events.js';
import { LocalRunner } from '../../../src/runner/localRunner.js';
import { NamedFunctions } from '../../../src/runner/namedFunctions.js';
import { PlanPaths } from '../../../src/runner/planPaths.js';
import { SubagentSetup } from '../../../src/subagent/subagentSetup.js';
import { MemoryStore } from '../../../src/runtime/memoryStore.js';
import { StoreClaimedError } from '../../../src/runtime/storeClaimedError.js';

const action = (name: string, run: ActionFunction) => new TypeScriptFunction('test/src/runtime', name, run);

const shouting = (calls: string[]) =>
  new Agent('Shouter')
    .addAction(
      'shout',
      [EVENT_TYPES.input],
      action('shout', async (event, ctx) => {
        const input = (event as InputEvent).input as string;
        if (input === 'bad') throw new Error('cannot shout that');
        const loud = await ctx.durableExecuteAsync(durable('upper', async () => { calls.push(input); return input.toUpperCase(); }));
        ctx.sendEvent(new GenericEvent('_shouted', new Map([['text', loud]])));
      }),
    )
    .addAction(
      'reply',
      ['_shouted'],
      action('reply', (event, ctx) => {
        ctx.sendEvent(new OutputEvent(`${(event as GenericEvent).attributes().get('text') as string}! (${ctx.nextSessionId()})`));
      }),
    );

const chatAgent = () =>
  new Agent('Chat')
    .addResource('scripted', ResourceType.CHAT_MODEL_CONNECTION, new ScriptedConnection([{ content: 'hello there' }]))
    .addResource('assistant', ResourceType.CHAT_MODEL, new ChatModelSetup({ connection: 'scripted', model: 'assistant' }))
    .addAction('ask_chat_model', [EVENT_TYPES.input], ASK_CHAT_MODEL, new Map<string, PyJson>([['chat_model', 'assistant'], ['system_prompt', 'Be brief.']]))
    .addAction('reply_with_chat_response', [EVENT_TYPES.chatResponse], REPLY_WITH_CHAT_RESPONSE);

describe('runner/localRunner', () => {
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

  it('runs the plan built from an agent as it runs the agent, on the same durable keys', async () => {
    const store = new MemoryStore();
    const calls: string[] = [];
    const agent = shouting(calls);
    const direct = await new LocalRunner(agent, { store: new MemoryStore() }).run(['hi'], ['order-1']);
    const planned = await new LocalRunner(await buildPlan(agent), { store }).run(['hi'], ['order-1']);
    expect(planned.map((r) => [r.outputs, r.trace.map((e) => e.type)])).toEqual(direct.map((r) => [r.outputs, r.trace.map((e) => e.type)]));
    expect(store.keys()).toEqual(['order-1/0/0']);
  });

  it('hands each action the configuration it was declared with', async () => {
    const seen: PyJson[] = [];
    const agent = new Agent().addAction(
      'configured',
      [EVENT_TYPES.input],
      action('configured', (_event, ctx) => {
        seen.push(ctx.getActionConfigValue('retries') ?? null, ctx.getActionConfigValue('absent') ?? null, [...ctx.getActionConfig().keys()]);
      }),
      new Map<string, PyJson>([['retries', 3]]),
    );
    await new LocalRunner(agent, { store: new MemoryStore() }).run(['x']);
    expect(seen).toEqual([3, null, ['retries']]);
  });

  it('answers through the built-in chat-model action, from the agent and from its plan read back from JSON', async () => {
    const fromAgent = await new LocalRunner(chatAgent(), { store: new MemoryStore() }).run(['hi']);
    const plan = readPlan(writePlan(await buildPlan(chatAgent())), { registry: defaultRegistry });
    const fromPlan = await new LocalRunner(plan, { store: new MemoryStore() }).run(['hi']);
    for (const [run] of [fromAgent, fromPlan]) {
      expect(run?.error).toBeUndefined();
      expect(run?.outputs).toEqual(['hello there']);
      expect(run?.trace.map((e) => e.type)).toEqual(['_input_event', '_chat_request_event', '_chat_response_event', '_output_event']);
    }
  });

  it('refuses, when it is triggered, an action whose function is only named', async () => {
    const plan = readPlan(writePlan(await buildPlan(shouting([]))), { registry: defaultRegistry });
    const [run] = await new LocalRunner(plan, { store: new MemoryStore() }).run(['hi']);
    expect(run?.error).toMatchObject({ kind: 'NotImplementedError', message: 'Action shout runs test/src/runtime:shout, which has no implementation in this process.' });
    expect(run?.trace.map((e) => e.type)).toEqual(['_input_event']);
  });

  it('builds a resource declared by descriptor through the class registry when first asked for, once', async () => {
    const remote = new ResourceDescriptor('agentparity/chat', 'OpenAiConnection', new Map([['base_url', 'http://127.0.0.1:9/v1']]), 'typescript');
    const resources = AgentResources.ofAgent(new Agent().addResource('remote', ResourceType.CHAT_MODEL_CONNECTION, remote), defaultRegistry);
    const built = resources.get('remote', ResourceType.CHAT_MODEL_CONNECTION);
    expect(built).toBeInstanceOf(OpenAiConnection);
    expect(resources.get('remote', ResourceType.CHAT_MODEL_CONNECTION)).toBe(built);
    const missing = new ResourceDescriptor('my/module', 'Missing', new Map(), 'typescript');
    const agent = new Agent()
      .addResource('remote', ResourceType.CHAT_MODEL_CONNECTION, missing)
      .addResource('assistant', ResourceType.CHAT_MODEL, new ChatModelSetup({ connection: 'remote', model: 'assistant' }));
    await expect(new LocalRunner(agent, { store: new MemoryStore() }).run(['hi'])).rejects.toMatchObject({
      kind: 'ValueError',
      message: 'unknown class "my/module.Missing": it is not in the class registry',
    });
  });

  it('refuses a resource of another language read from a plan when no class of this runtime stands for it, and serves a stand-in class', () => {
    const provider = (name: string, module: string, clazz: string) =>
      `"${name}": {"name": "${name}", "type": "agent", "module": "${module}", "clazz": "${clazz}", ` +
      '"serialized": {"description": "Reviews.", "input_schema": null}, "__resource_provider_type__": "PythonSerializableResourceProvider"}';
    const plan = readPlan(
      `{"actions": {}, "resource_providers": {"agent": {${provider('r', 'reviewers', 'Reviewer')}, ${provider('s', 'agentparity_ref.subagent', 'SubagentSetup')}}, ` +
        '"mcp_server": {"docs": {"name": "docs", "type": "mcp_server", "descriptor": {"target_module": "agentparity_ref.mcp", "target_clazz": "StdioMcpServer", ' +
        '"arguments": {"command": "mcp-docs"}}, "__resource_provider_type__": "PythonResourceProvider"}}}}',
      { registry: defaultRegistry },
    );
    const resources = AgentResources.ofPlan(plan, defaultRegistry, { functions: new NamedFunctions(), paths: new PlanPaths(), path: '' });
    expect(() => resources.get('r', ResourceType.AGENT)).toThrow("agent resource 'r' is a python resource (reviewers.Reviewer), which this runtime cannot use");
    const restored = resources.get('s', ResourceType.AGENT);
    expect(restored).toBeInstanceOf(SubagentSetup);
    expect((restored as SubagentSetup).description).toBe('Reviews.');
    expect(resources.get('docs', ResourceType.MCP_SERVER)).toBeInstanceOf(StdioMcpServer);
    expect(() => resources.get('absent', ResourceType.TOOL)).toThrow("Resource not found: 'absent' of type ResourceType.TOOL");
  });

  it('reports a failing input and still runs the others', async () => {
    const runs = await new LocalRunner(shouting([]), { store: new MemoryStore() }).run(['bad', 'ok']);
    expect(runs[0]?.error).toEqual(new Error('cannot shout that'));
    expect(runs[1]?.outputs).toEqual(['OK! (input-1.session-1)']);
  });

  it('stops the whole run on a cancellation', async () => {
    const agent = new Agent().addAction('stop', [EVENT_TYPES.input], action('stop', () => { throw new CancelledError('stop', { code: 'SCRIPTED_CANCELLED' }); }));
    await expect(new LocalRunner(agent, { store: new MemoryStore() }).run(['a', 'b'])).rejects.toBeInstanceOf(CancelledError);
  });

  it('refuses two actions under one name, and an action named like a built-in one', () => {
    const noop = action('noop', () => {});
    expect(() => new Agent().addAction('a', [], noop).addAction('a', [], noop)).toThrow('Action a already defined');
    expect(() => new LocalRunner(new Agent().addAction('tool_call_action', [], noop))).toThrow('Duplicate action name: tool_call_action');
  });
});

describe('runtime/localRunner on a store another run holds', () => {
  const slowShouter = (calls: string[], gate: Promise<void>) =>
    new Agent('Slow').addAction(
      'shout',
      [EVENT_TYPES.input],
      action('slow_shout', async (event, ctx) => {
        const input = (event as InputEvent).input as string;
        const loud = await ctx.durableExecuteAsync(durable('upper', async () => { calls.push(input); await gate; return input.toUpperCase(); }));
        ctx.sendEvent(new OutputEvent(loud));
      }),
    );

  it('refuses a second run at once, and one that waits replays what the first recorded', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'agentparity-claim-')), 'store.sqlite');
    const calls: string[] = [];
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const first = new LocalRunner(slowShouter(calls, gate), { store: path });
    const running = first.run(['hi'], ['k']);
    while (calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const refused = new LocalRunner(slowShouter(calls, gate), { store: path });
    await expect(refused.run(['hi'], ['k'])).rejects.toBeInstanceOf(StoreClaimedError);
    const patient = new LocalRunner(slowShouter(calls, gate), { store: path, claimWaitMs: 10_000 });
    const waiting = patient.run(['hi'], ['k']);
    setTimeout(open, 100);
    expect((await running)[0]?.outputs).toEqual(['HI']);
    const waited = await waiting;
    expect([waited[0]?.outputs, waited[0]?.durableExecutions, waited[0]?.error]).toEqual([['HI'], 0, undefined]);
    expect(calls).toEqual(['hi']);
    for (const runner of [first, refused, patient]) runner.close();
    rmSync(dirname(path), { recursive: true, force: true });
  });
});
