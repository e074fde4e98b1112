import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatMessage } from '../../../src/chat/chatMessage.js';
import { ChatEndpointError, OpenAiConnection } from '../../../src/chat/openAiConnection.js';
import { readToolCall, toolCall } from '../../../src/chat/toolCall.js';
import { obj } from '../../helpers/tree.js';

interface Seen { readonly url: string; readonly auth: string | undefined; readonly body: Record<string, unknown> }
const seen: Seen[] = [];
let reply: { status: number; body: string } = { status: 200, body: '{}' };
let server: Server;
let baseUrl = '';

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => resolve(text));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    seen.push({ url: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(await readBody(req)) as Record<string, unknown> });
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const answer = (message: unknown) => JSON.stringify({ id: 'x', choices: [{ index: 0, message, finish_reason: 'stop' }] });

describe('chat/openAiConnection', () => {
  it('sends the conversation and the callables in the chat-completions shape', async () => {
    reply = { status: 200, body: answer({ role: 'assistant', content: 'fine' }) };
    const connection = new OpenAiConnection({ baseUrl: `${baseUrl}/`, apiKey: 'sk-test' });
    const tool = obj({ type: 'function', function: { name: 'lookup', description: 'd', parameters: {} } });
    const messages = [
      new ChatMessage('user', 'héllo'),
      new ChatMessage('assistant', '', [toolCall('c1', '_subagent_reviewer', new Map([['prompt', 'go']]))]),
      new ChatMessage('tool', 'done', [], new Map([['tool_call_id', 'c1']])),
    ];
    const result = await connection.chat('gpt-test', messages, [tool]);
    expect(result).toEqual(new ChatMessage('assistant', 'fine', [], new Map([['finish_reason', 'stop']])));
    const request = seen.at(-1);
    expect(request?.url).toBe('/v1/chat/completions');
    expect(request?.auth).toBe('Bearer sk-test');
    expect(request?.body).toEqual({
      model: 'gpt-test',
      messages: [
        { role: 'user', content: 'héllo' },
        { role: 'assistant', content: '', tool_calls: [{ id: 'c1', type: 'function', function: { name: '_subagent_reviewer', arguments: '{"prompt": "go"}' } }] },
        { role: 'tool', content: 'done', tool_call_id: 'c1' },
      ],
      tools: [{ type: 'function', function: { name: 'lookup', description: 'd', parameters: {} } }],
    });
  });

  it('reads tool calls back with their arguments parsed, and keeps unparsable arguments as text', async () => {
    reply = {
      status: 200,
      body: answer({
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'a', type: 'function', function: { name: 'lookup', arguments: '{"id": 1.0}' } },
          { id: 'b', type: 'function', function: { name: 'lookup', arguments: 'not json' } },
        ],
      }),
    };
    const result = await new OpenAiConnection({ baseUrl }).chat('m', [new ChatMessage('user', 'x')], []);
    expect(result.content).toBe('');
    expect(seen.at(-1)?.body.tools).toBeUndefined();
    expect(seen.at(-1)?.auth).toBeUndefined();
    const [first, second] = result.toolCalls.map((c) => readToolCall(c));
    expect(first?.name).toBe('lookup');
    expect(first?.arguments).toEqual(new Map([['id', expect.objectContaining({ value: 1 })]]));
    expect(second?.arguments).toBe('not json');
  });

  it('reports an error status with the body', async () => {
    reply = { status: 429, body: '{"error": "slow down"}' };
    const failure = new OpenAiConnection({ baseUrl, retries: 0 }).chat('m', [], []);
    await expect(failure).rejects.toBeInstanceOf(ChatEndpointError);
    await expect(failure).rejects.toMatchObject({ status: 429, message: expect.stringContaining('slow down') });
  });

  it('reports a body that is not JSON or has no choices', async () => {
    reply = { status: 200, body: '<html>' };
    await expect(new OpenAiConnection({ baseUrl }).chat('m', [], [])).rejects.toThrow('not JSON');
    reply = { status: 200, body: '{"choices": []}' };
    await expect(new OpenAiConnection({ baseUrl }).chat('m', [], [])).rejects.toThrow('without choices');
  });
});
