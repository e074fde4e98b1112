import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatMessage } from '../../../src/chat/chatMessage.js';
import { ChatEndpointError, OpenAiConnection } from '../../../src/chat/openAiConnection.js';
import { readToolCall, toolCall } from '../../../src/chat/toolCall.js';
import { startOpenAiStub, type OpenAiStub } from '../../helpers/openAiStub.js';
import { obj } from '../../helpers/tree.js';

let stub: OpenAiStub;
let baseUrl = '';
beforeAll(async () => {
  stub = await startOpenAiStub();
  baseUrl = stub.baseUrl;
});
afterAll(() => stub.close());

const answer = (message: unknown) => JSON.stringify({ id: 'x', choices: [{ index: 0, message, finish_reason: 'stop' }] });

describe('chat/openAiConnection', () => {
  it('sends the conversation and the callables in the chat-completions shape', async () => {
    stub.otherwise = { text: answer({ role: 'assistant', content: 'fine' }) };
    const connection = new OpenAiConnection({ baseUrl: `${baseUrl}/`, apiKey: 'sk-test' });
    const tool = obj({ type: 'function', function: { name: 'lookup', description: 'd', parameters: {} } });
    const messages = [
      new ChatMessage('user', 'héllo'),
      new ChatMessage('assistant', '', [toolCall('c1', '_subagent_reviewer', new Map([['prompt', 'go']]))]),
      new ChatMessage('tool', 'done', [], new Map([['tool_call_id', 'c1']])),
    ];
    const result = await connection.chat('gpt-test', messages, [tool]);
    expect(result).toEqual(new ChatMessage('assistant', 'fine', [], new Map([['finish_reason', 'stop']])));
    const request = stub.seen.at(-1);
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
    stub.otherwise = {
      text: answer({
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
    expect(stub.seen.at(-1)?.body.tools).toBeUndefined();
    expect(stub.seen.at(-1)?.auth).toBeUndefined();
    const [first, second] = result.toolCalls.map((c) => readToolCall(c));
    expect(first?.name).toBe('lookup');
    expect(first?.arguments).toEqual(new Map([['id', expect.objectContaining({ value: 1 })]]));
    expect(second?.arguments).toBe('not json');
  });

  it('reports an error status with the body', async () => {
    stub.otherwise = { status: 429, text: '{"error": "slow down"}' };
    const failure = new OpenAiConnection({ baseUrl, retries: 0 }).chat('m', [], []);
    await expect(failure).rejects.toBeInstanceOf(ChatEndpointError);
    await expect(failure).rejects.toMatchObject({ status: 429, message: expect.stringContaining('slow down') });
  });

  it('reports a body that is not JSON or has no choices', async () => {
    stub.otherwise = { text: '<html>' };
    await expect(new OpenAiConnection({ baseUrl }).chat('m', [], [])).rejects.toThrow('not JSON');
    stub.otherwise = { text: '{"choices": []}' };
    await expect(new OpenAiConnection({ baseUrl }).chat('m', [], [])).rejects.toThrow('without choices');
  });
});
