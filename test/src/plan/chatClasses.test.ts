import { describe, expect, it } from 'vitest';
import { ChatMessage } from '../../../src/chat/chatMessage.js';
import { ChatModelSetup } from '../../../src/chat/chatModelSetup.js';
import { OpenAiConnection } from '../../../src/chat/openAiConnection.js';
import { ScriptedConnection } from '../../../src/chat/scriptedConnection.js';
import { readToolCall } from '../../../src/chat/toolCall.js';
import { PyFloat, type PyJson } from '../../../src/json/pyJson.js';
import { writePyJson } from '../../../src/json/writePyJson.js';
import { Agent } from '../../../src/plan/agent.js';
import { buildPlan } from '../../../src/plan/buildPlan.js';
import { defaultRegistry } from '../../../src/plan/defaultRegistry.js';
import { readPlan } from '../../../src/plan/readPlan.js';
import type { SerializableProvider } from '../../../src/plan/resourceProvider.js';
import { writePlan } from '../../../src/plan/writePlan.js';
import { ResourceDescriptor } from '../../../src/resources/resourceDescriptor.js';
import { ResourceType } from '../../../src/resources/resourceType.js';
import { HttpSubagentSetup } from '../../../src/setups/httpSubagentSetup.js';
import { failureOf } from '../../helpers/failureOf.js';

// The plan of one resource, written and read back: its text, and the restored resource.
const roundTrip = async (type: ResourceType, resource: unknown) => {
  const text = writePlan(await buildPlan(new Agent('A').addResource('r', type, resource)));
  const provider = readPlan(text, { registry: defaultRegistry }).provider(type, 'r') as SerializableProvider;
  return { text, provider, restored: provider.resource };
};

const serialized = (text: string, type: string): string => {
  const start = text.indexOf(`"${type}": {"r": `);
  return text.slice(text.indexOf('"serialized": ', start) + '"serialized": '.length, text.indexOf(', "__resource_provider_type__"', start));
};

describe('plan/chatClasses', () => {
  it('writes a chat-model setup as it was declared, and restores it', async () => {
    const setup = new ChatModelSetup({ connection: 'c', model: 'm', tools: ['t'], subagents: ['s'], skills: [{ name: 'pdf', description: 'Reads PDFs.' }] });
    const { text, provider, restored } = await roundTrip(ResourceType.CHAT_MODEL, setup);
    expect(provider).toMatchObject({ kind: 'TypeScriptSerializableResourceProvider', module: 'agentparity/chat', clazz: 'ChatModelSetup' });
    expect(serialized(text, 'chat_model')).toBe('{"connection": "c", "model": "m", "tools": ["t"], "subagents": ["s"], "skills": [{"name": "pdf", "description": "Reads PDFs."}]}');
    expect(restored).toBeInstanceOf(ChatModelSetup);
    expect(writePyJson((restored as ChatModelSetup).toJSON())).toBe(writePyJson(setup.toJSON()));
  });

  it('reads a setup that leaves its lists out, as pydantic fills in their defaults', () => {
    const plan = readPlan(
      '{"actions": {}, "resource_providers": {"chat_model": {"r": {"name": "r", "type": "chat_model", "module": "agentparity/chat", "clazz": "ChatModelSetup", ' +
        '"serialized": {"connection": "c", "model": "m"}, "__resource_provider_type__": "TypeScriptSerializableResourceProvider"}}}}',
      { registry: defaultRegistry },
    );
    const setup = (plan.provider('chat_model', 'r') as SerializableProvider).resource as ChatModelSetup;
    expect([setup.tools, setup.subagents, setup.skills]).toEqual([[], [], []]);
  });

  it('writes a scripted connection as its script, and the restored one replays it', async () => {
    const script = new ScriptedConnection([{ toolCalls: [{ id: 'c1', name: 'lookup', arguments: new Map([['id', 7]]) }] }, { content: 'done' }]);
    const { text, restored } = await roundTrip(ResourceType.CHAT_MODEL_CONNECTION, script);
    expect(serialized(text, 'chat_model_connection')).toBe(
      '{"turns": [{"content": "", "tool_calls": [{"id": "c1", "name": "lookup", "arguments": {"id": 7}}]}, {"content": "done", "tool_calls": []}]}',
    );
    const connection = restored as ScriptedConnection;
    const first = await connection.chat('m', [new ChatMessage('user', 'hi')], []);
    expect(first.toolCalls.map((c) => readToolCall(c).name)).toEqual(['lookup']);
    expect((await connection.chat('m', [], [])).content).toBe('done');
  });

  it('writes the timeout of an HTTP sub-agent in seconds, as a float', async () => {
    const setup = new HttpSubagentSetup({ endpoint: 'http://agent:8080', description: 'Remote.', inputSchema: '{"type": "object"}', timeoutMs: 30_000 });
    const { text, provider, restored } = await roundTrip(ResourceType.AGENT, setup);
    expect(provider).toMatchObject({ module: 'agentparity/subagent', clazz: 'HttpSubagentSetup' });
    expect(serialized(text, 'agent')).toBe('{"description": "Remote.", "input_schema": "{\\"type\\": \\"object\\"}", "endpoint": "http://agent:8080", "timeout_s": 30.0}');
    expect(restored).toBeInstanceOf(HttpSubagentSetup);
    expect([(restored as HttpSubagentSetup).endpoint, (restored as HttpSubagentSetup).timeoutMs]).toEqual(['http://agent:8080', 30_000]);
    expect(setup.toJSON().timeout_s).toEqual(new PyFloat(30));
  });

  it('names an OpenAI connection by descriptor only, so that no key lands in a plan', async () => {
    const live = new OpenAiConnection({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-secret' });
    expect(await failureOf(buildPlan(new Agent().addResource('c', ResourceType.CHAT_MODEL_CONNECTION, live)))).toMatchObject({
      kind: 'TypeError',
      message: "chat_model_connection resource 'c' must be an instance of a registered class or a ResourceDescriptor, but got OpenAiConnection.",
    });
    const descriptor = new ResourceDescriptor('agentparity/chat', 'OpenAiConnection', new Map<string, PyJson>([['base_url', 'http://x/v1']]), 'typescript');
    const plan = await buildPlan(new Agent().addResource('c', ResourceType.CHAT_MODEL_CONNECTION, descriptor));
    expect(plan.provider('chat_model_connection', 'c')).toMatchObject({ kind: 'TypeScriptResourceProvider' });
  });

  it('refuses descriptor arguments an OpenAI connection cannot take', () => {
    const build = (args: [string, PyJson][]) => () => OpenAiConnection.fromArguments(new Map(args), 'remote');
    expect(build([['base_url', 'http://x'], ['model', 'gpt']])).toThrow("Chat model connection 'remote': unknown argument 'model'");
    expect(build([])).toThrow("Chat model connection 'remote': 'base_url' must be a non-empty string");
    expect(build([['base_url', 'http://x'], ['api_key', 7]])).toThrow("Chat model connection 'remote': 'api_key' must be a string");
    expect(build([['base_url', 'http://x'], ['timeout', 0]])).toThrow("Chat model connection 'remote': 'timeout' must be a positive number of seconds");
    expect(build([['base_url', 'http://x'], ['timeout', new PyFloat(2)]])()).toBeInstanceOf(OpenAiConnection);
  });
});
