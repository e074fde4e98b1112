import { describe, expect, it } from 'vitest';
import { ChatModelSetup } from '../../../../src/chat/chatModelSetup.js';
import { ScriptedConnection, type ScriptedTurn } from '../../../../src/chat/scriptedConnection.js';
import { TypeScriptFunction } from '../../../../src/functions/functionDescriptor.js';
import type { PyJson } from '../../../../src/json/pyJson.js';
import { Agent } from '../../../../src/plan/agent.js';
import { AgentConfiguration } from '../../../../src/plan/agentPlan.js';
import { buildPlan } from '../../../../src/plan/buildPlan.js';
import type { InternalSubagentSetup } from '../../../../src/plan/internalSubagentSetup.js';
import { ReActAgent } from '../../../../src/plan/reactAgent.js';
import { Prompt } from '../../../../src/resources/prompt.js';
import { ResourceType } from '../../../../src/resources/resourceType.js';
import type { ActionFunction } from '../../../../src/runtime/actionFunction.js';
import { EVENT_TYPES, OutputEvent, type InputEvent } from '../../../../src/runtime/events.js';
import { MemoryStore } from '../../../../src/runtime/memoryStore.js';
import { LocalRunner } from '../../../../src/runner/localRunner.js';
import { FunctionTool, type ToolFunction } from '../../../../src/tools/functionTool.js';

const DESCRIPTION = 'A general-purpose agent that completes a delegated task using its tools.';
const SCHEMA = '{"type":"object","properties":{"input":{"type":"string"}},"required":["input"]}';

// A ReAct agent on a scripted model of its own, with the tools given.
const react = (turns: ScriptedTurn[], tools: Record<string, FunctionTool> = {}, extra: Partial<ConstructorParameters<typeof ReActAgent>[0]> = {}) => {
  const connection = new ScriptedConnection(turns);
  const agent = new ReActAgent({ chatModel: new ChatModelSetup({ connection: 'conn', model: 'm', tools: Object.keys(tools) }), ...extra });
  agent.addResource('conn', ResourceType.CHAT_MODEL_CONNECTION, connection);
  for (const [name, tool] of Object.entries(tools)) agent.addResource(name, ResourceType.TOOL, tool);
  return { agent, connection };
};

// A parent action that calls `child` with its input and outputs the result (or the failure).
const caller = (child: Agent) =>
  new Agent('Parent').addResource('child', ResourceType.AGENT, child).addAction('call', [EVENT_TYPES.input], new TypeScriptFunction<ActionFunction>('test', 'call', async (e, ctx) => {
    const result = await (ctx.getResource('child', ResourceType.AGENT) as InternalSubagentSetup).submit(ctx, (e as InputEvent).input);
    ctx.sendEvent(new OutputEvent(result.success ? (result.result as PyJson) : `failed:${result.errorMessage}`));
  }));

const runOne = async (agent: Agent, value: PyJson) => (await new LocalRunner(agent, { store: new MemoryStore() }).run([value], ['k']))[0]!;
const userTexts = (connection: ScriptedConnection) => connection.requests[0]!.messages.filter((m) => m.role === 'user').map((m) => m.content);
const shout = FunctionTool.fromCallable(new TypeScriptFunction('test', 'shout', ((args) => `${String(args.get('text')).toUpperCase()}!`) as ToolFunction), {
  name: 'shout',
  description: 'Shouts a text.',
  argsSchema: new Map<string, PyJson>([['type', 'object']]),
});

describe('ReActAgent as a sub-agent (reference §5.1, design D3)', () => {
  it('declares the default description and schema exactly, each overridden on its own', async () => {
    const provider = async (child: Agent) => {
      const plan = await buildPlan(caller(child));
      const setup = plan.resourceProviders!.get(ResourceType.AGENT)!.get('child')!;
      const json = (setup as unknown as { resource: InternalSubagentSetup }).resource.toJSON();
      return [json.description, json.input_schema];
    };
    expect(await provider(react([]).agent)).toEqual([DESCRIPTION, SCHEMA]);
    expect(await provider(react([], {}, { subagentDescription: 'Reviews pull requests' }).agent)).toEqual(['Reviews pull requests', SCHEMA]);
    expect(await provider(react([], {}, { subagentInputSchema: '{"type":"object"}' }).agent)).toEqual([DESCRIPTION, '{"type":"object"}']);
  });

  it('runs the ReAct loop inside the child scope when an action calls it with {"input": ...}', async () => {
    const { agent, connection } = react([{ content: 'reviewed: ok' }]);
    const run = await runOne(caller(agent), new Map([['input', 'review the diff']]));
    expect(run.outputs).toEqual([['reviewed: ok']]);
    expect(userTexts(connection)).toEqual(['review the diff']);
    expect(run.trace.map((e) => e.type)).toEqual(['_input_event', '_output_event']);
    expect(run.calls[0]!.trace.map((e) => e.delegate.type)).toEqual(['_input_event', '_chat_request_event', '_chat_response_event']);
  });

  it('takes a primitive input as the user text, and refuses any other structured input without a prompt in upstream words', async () => {
    const primitive = react([{ content: 'fine' }]);
    expect((await runOne(caller(primitive.agent), 42)).outputs).toEqual([['fine']]);
    expect(userTexts(primitive.connection)).toEqual(['42']);
    const refused = react([{ content: 'never asked' }]);
    const run = await runOne(caller(refused.agent), new Map<string, PyJson>([['input', 'a'], ['extra', 1]]));
    expect(run.outputs).toEqual([
      "failed:InvalidStateError: Input type is <class 'dict'>, which is not primitive types. User should provide prompt to help convert it to ChatMessage.",
    ]);
    expect(refused.connection.requests).toEqual([]);
  });

  it("fills a prompt from the input's fields", async () => {
    const { agent, connection } = react([{ content: 'ok' }], {}, { prompt: Prompt.fromText('Review {diff} for {who}') });
    await runOne(caller(agent), new Map<string, PyJson>([['diff', '+a'], ['who', 'me']]));
    expect(userTexts(connection)).toEqual(['Review +a for me']);
  });

  it("runs the child's tool loop with its own tools inside its scope", async () => {
    const { agent, connection } = react(
      [{ toolCalls: [{ id: 't1', name: 'shout', arguments: new Map([['text', 'hello world']]) }] }, { content: 'tool says: HELLO WORLD!' }],
      { shout },
    );
    const run = await runOne(caller(agent), new Map([['input', 'shout it']]));
    expect(run.outputs).toEqual([['tool says: HELLO WORLD!']]);
    expect(connection.requests[1]!.messages.filter((m) => m.role === 'tool').map((m) => m.content)).toEqual(['HELLO WORLD!']);
    expect(run.trace.map((e) => e.type)).toEqual(['_input_event', '_output_event']);
  });

  it('is delegated to by a parent model, which gets the child answer back', async () => {
    const child = react([{ content: 'reviewed: ok' }]);
    const parentModel = new ScriptedConnection([
      { toolCalls: [{ id: 'c1', name: '_subagent_child', arguments: new Map([['input', 'review the diff']]) }] },
      { content: 'delegated and reviewed' },
    ]);
    const parent = new ReActAgent({ chatModel: new ChatModelSetup({ connection: 'conn', model: 'p', subagents: ['child'] }) })
      .addResource('conn', ResourceType.CHAT_MODEL_CONNECTION, parentModel)
      .addResource('child', ResourceType.AGENT, child.agent);
    const run = (await new LocalRunner(await buildPlan(parent), { store: new MemoryStore() }).run(['go']))[0]!;
    expect(run.outputs).toEqual(['delegated and reviewed']);
    expect(userTexts(child.connection)).toEqual(['review the diff']);
    expect(parentModel.requests[1]!.messages.filter((m) => m.role === 'tool').map((m) => m.content)).toEqual(['["reviewed: ok"]']);
  });

  it('registers a ReActAgent on the agent\'s chat model as "general-purpose" only when subagent.general-purpose is true', async () => {
    const model = new ScriptedConnection([
      { toolCalls: [{ id: 'g1', name: '_subagent_general-purpose', arguments: new Map([['input', 'summarize']]) }] },
      { content: 'summary' },
      { content: 'done' },
    ]);
    const agent = () =>
      new ReActAgent({ chatModel: 'assistant' })
        .addResource('conn', ResourceType.CHAT_MODEL_CONNECTION, model)
        .addResource('assistant', ResourceType.CHAT_MODEL, new ChatModelSetup({ connection: 'conn', model: 'a', subagents: ['general-purpose'] }));
    const on = await buildPlan(agent(), { config: new AgentConfiguration(new Map([['subagent.general-purpose', true]])) });
    const off = await buildPlan(new Agent('Plain').addResource('assistant', ResourceType.CHAT_MODEL, new ChatModelSetup({ connection: 'conn', model: 'a' })));
    const registered = on.resourceProviders!.get(ResourceType.AGENT)!.get('general-purpose') as unknown as { resource: InternalSubagentSetup };
    expect([registered.resource.description, registered.resource.inputSchema, registered.resource.childPlan!.agentName]).toEqual([DESCRIPTION, SCHEMA, 'ReActAgent']);
    expect(registered.resource.childPlan!.resourceProviders!.get(ResourceType.AGENT)?.has('general-purpose') ?? false).toBe(false);
    expect(off.resourceProviders!.get(ResourceType.AGENT)?.has('general-purpose') ?? false).toBe(false);
    const run = (await new LocalRunner(on, { store: new MemoryStore() }).run(['go']))[0]!;
    expect(run.outputs).toEqual(['done']);
    expect(run.calls.map((c) => [c.scope, c.outputs])).toEqual([['general-purpose', ['summary']]]);
    expect(model.requests[1]!.messages.map((m) => [m.role, m.content])).toEqual([['user', 'summarize']]);
  });
});
