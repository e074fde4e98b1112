import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChatMessage } from '../../../src/chat/chatMessage.js';
import { ChatEndpointError, OpenAiConnection, type OpenAiConnectionOptions } from '../../../src/chat/openAiConnection.js';
import { startOpenAiStub, type OpenAiStub } from '../../helpers/openAiStub.js';

let stub: OpenAiStub;
let baseUrl = '';
beforeAll(async () => {
  stub = await startOpenAiStub();
  baseUrl = stub.baseUrl;
});
afterAll(() => stub.close());
afterEach(() => {
  stub.script = [];
  stub.seen.length = 0;
});

const answer = (content: string, finish = 'stop', extra: Record<string, unknown> = {}) => ({
  body: { choices: [{ index: 0, message: { role: 'assistant', content, ...extra }, finish_reason: finish }], usage: { prompt_tokens: 3, completion_tokens: 2 } },
});
const connect = (options: OpenAiConnectionOptions = {}) => {
  const waits: number[] = [];
  const connection = new OpenAiConnection({ baseUrl, sleep: async (ms) => { waits.push(ms); }, ...options });
  return { connection, waits };
};
const ask = (connection: OpenAiConnection) => connection.chat('m', [new ChatMessage('user', 'hi')], []);
const failure = async (connection: OpenAiConnection): Promise<ChatEndpointError> => {
  const error: unknown = await ask(connection).then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ChatEndpointError);
  return error as ChatEndpointError;
};

describe('chat/openAiConnection: retries, failures without an answer, what the answer says of itself', () => {
  it('asks again after a 429, waiting what Retry-After says', async () => {
    stub.script = [{ status: 429, headers: { 'retry-after': '2' }, body: 'slow down' }, answer('fine')];
    const { connection, waits } = connect();
    expect((await ask(connection)).content).toBe('fine');
    expect([waits, stub.seen.length]).toEqual([[2000], 2]);
  });

  it('backs off exponentially on 5xx, and gives up after the retries with the last answer', async () => {
    stub.script = [{ status: 503 }, { status: 502 }, { status: 500 }, { status: 500, body: 'still down' }];
    const { connection, waits } = connect();
    const error = await failure(connection);
    expect(error.message).toBe(`${baseUrl}/chat/completions answered 500: "still down"`);
    expect(error.status).toBe(500);
    expect([waits, stub.seen.length]).toEqual([[500, 1000, 2000], 4]);
  });

  it('never waits longer than the backoff allows, and does not retry other failures', async () => {
    stub.script = [{ status: 429, headers: { 'retry-after': '120' } }, { status: 400, body: 'bad request' }];
    const { connection, waits } = connect({ backoff: { initialMs: 10, maxMs: 50 } });
    expect((await failure(connection)).message).toBe(`${baseUrl}/chat/completions answered 400: "bad request"`);
    expect([waits, stub.seen.length]).toEqual([[50], 2]);
  });

  it('names the URL when the endpoint does not answer in time', async () => {
    stub.script = [{ hang: true }];
    const error = await failure(connect({ timeoutMs: 100 }).connection);
    expect(error.message).toBe(`${baseUrl}/chat/completions did not answer: no answer within 100 ms`);
  });

  it('names the URL when the connection is refused', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(connect({ baseUrl: `http://127.0.0.1:${port}/v1` }).connection);
    expect(error.message).toBe(`http://127.0.0.1:${port}/v1/chat/completions did not answer: connection failed (ECONNREFUSED)`);
  });

  it('keeps finish_reason, usage and a refusal with the answer', async () => {
    stub.script = [answer('', 'stop', { content: null, refusal: 'I cannot help with that.' })];
    const message = await ask(connect().connection);
    expect(message.content).toBe('');
    expect([...message.extraArgs]).toEqual([
      ['finish_reason', 'stop'],
      ['usage', new Map([['prompt_tokens', 3], ['completion_tokens', 2]])],
      ['refusal', 'I cannot help with that.'],
    ]);
  });

  it('refuses an answer cut off at the length limit, keeping it as the partial answer', async () => {
    stub.script = [answer('The tide is', 'length')];
    const error = await failure(connect().connection);
    expect(error.message).toBe(`${baseUrl}/chat/completions cut the answer off at its length limit (finish_reason "length")`);
    expect(error.partial?.content).toBe('The tide is');
    expect(error.partial?.extraArgs.get('finish_reason')).toBe('length');
  });

  it('reads OPENAI_BASE_URL and OPENAI_API_KEY when they are not given', async () => {
    const saved = { url: process.env.OPENAI_BASE_URL, key: process.env.OPENAI_API_KEY };
    process.env.OPENAI_BASE_URL = baseUrl;
    process.env.OPENAI_API_KEY = 'sk-from-env';
    try {
      stub.script = [answer('from env'), answer('given')];
      expect((await ask(new OpenAiConnection())).content).toBe('from env');
      expect((await ask(new OpenAiConnection({ baseUrl, apiKey: 'sk-given' }))).content).toBe('given');
      expect(stub.seen.map((r) => r.auth)).toEqual(['Bearer sk-from-env', 'Bearer sk-given']);
    } finally {
      for (const [name, value] of [['OPENAI_BASE_URL', saved.url], ['OPENAI_API_KEY', saved.key]] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
