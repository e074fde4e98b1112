import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatModelSetup } from '../../../src/chat/chatModelSetup.js';
import { OpenAiConnection } from '../../../src/chat/openAiConnection.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { Agent } from '../../../src/plan/agent.js';
import { ResourceType } from '../../../src/resources/resourceType.js';
import { ASK_CHAT_MODEL, REPLY_WITH_CHAT_RESPONSE } from '../../../src/runtime/chatAgentActions.js';
import { EVENT_TYPES } from '../../../src/runtime/events.js';
import { LocalRunner } from '../../../src/runner/localRunner.js';
import { MemoryStore } from '../../../src/runtime/memoryStore.js';
import { FunctionSubagentSetup } from '../../../src/setups/functionSubagentSetup.js';

// A chat-completions stub on 127.0.0.1 that delegates when the user spoke last and answers from
// the tool message otherwise, as a model would.
interface WireMessage { role: string; content: string; tool_call_id?: string }
const requests: { messages: WireMessage[]; tools: { function: { name: string } }[] }[] = [];
let server: Server;
let baseUrl = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const request = JSON.parse(body) as (typeof requests)[number];
      requests.push(request);
      const last = request.messages.at(-1) as WireMessage;
      const message =
        last.role === 'user'
          ? { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: '_subagent_helper', arguments: JSON.stringify({ topic: last.content }) } }] }
          : { role: 'assistant', content: `helper said ${last.content}` };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ index: 0, message, finish_reason: 'stop' }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a run over the OpenAI-compatible connection', () => {
  it('delegates through a real HTTP chat endpoint and answers from the result', async () => {
    const agent = new Agent()
      .addResource('openai', ResourceType.CHAT_MODEL_CONNECTION, new OpenAiConnection({ baseUrl, apiKey: 'sk-local' }))
      .addResource('helper', ResourceType.AGENT, new FunctionSubagentSetup({ description: 'Helps.', inputSchema: '{"type": "object", "properties": {"topic": {"type": "string"}}}', run: (prompt) => new Map<string, PyJson>([['about', (prompt as Map<string, PyJson>).get('topic') ?? null]]) }))
      .addResource('assistant', ResourceType.CHAT_MODEL, new ChatModelSetup({ connection: 'openai', model: 'gpt-local', subagents: ['helper'] }))
      .addAction('ask_chat_model', [EVENT_TYPES.input], ASK_CHAT_MODEL, new Map([['chat_model', 'assistant']]))
      .addAction('reply_with_chat_response', [EVENT_TYPES.chatResponse], REPLY_WITH_CHAT_RESPONSE);
    const [run] = await new LocalRunner(agent, { store: new MemoryStore() }).run(['tides']);
    expect(run?.error).toBeUndefined();
    expect(run?.outputs).toEqual(['helper said {"about":"tides"}']);
    expect(requests.map((r) => r.tools.map((t) => t.function.name))).toEqual([['_subagent_helper'], ['_subagent_helper']]);
    expect(requests[1]?.messages.at(-1)).toEqual({ role: 'tool', content: '{"about":"tides"}', tool_call_id: 'call_1' });
  });
});
