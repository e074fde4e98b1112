import { InvalidValueError } from '../errors.js';
import { parsePyJson } from '../json/parsePyJson.js';
import { numberValue, PyFloat, type PyJson } from '../json/pyJson.js';
import { writePyJson } from '../json/writePyJson.js';
import { asObject, ChatMessage } from './chatMessage.js';
import type { ChatModelConnection } from './chatModelConnection.js';
import { readToolCall, toolCall } from './toolCall.js';

export interface OpenAiConnectionOptions {
  /** Up to and without `/chat/completions`, e.g. `https://api.openai.com/v1` or a local server. */
  readonly baseUrl: string;
  readonly apiKey?: string;
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
}

/** A failure of the endpoint, with the HTTP status when there was one. */
export class ChatEndpointError extends InvalidValueError {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

// OpenAI carries tool-call arguments as a JSON string and a tool result's call id at the top level.
const toWireMessage = (message: ChatMessage): Map<string, PyJson> => {
  const wire = new Map<string, PyJson>([
    ['role', message.role],
    ['content', message.content],
  ]);
  if (message.toolCalls.length > 0) {
    wire.set(
      'tool_calls',
      message.toolCalls.map((tree) => {
        const call = readToolCall(tree);
        const args = typeof call.arguments === 'string' ? call.arguments : writePyJson(call.arguments, { ensureAscii: false });
        return toolCall(call.id, call.name, args);
      }),
    );
  }
  const callId = message.extraArgs.get('tool_call_id');
  if (message.role === 'tool' && typeof callId === 'string') wire.set('tool_call_id', callId);
  return wire;
};

// Arguments that are not valid JSON stay text: dispatch reports them as not an object.
const parseArguments = (text: PyJson): PyJson => {
  if (typeof text !== 'string') return text;
  try {
    return parsePyJson(text);
  } catch {
    return text;
  }
};

const fromWireMessage = (tree: PyJson): ChatMessage => {
  const message = asObject(tree, 'choices[0].message');
  const content = message.get('content');
  const calls = message.get('tool_calls');
  const toolCalls = Array.isArray(calls)
    ? calls.map((c, i) => {
        const call = readToolCall(c as PyJson, `choices[0].message.tool_calls[${i}]`);
        return toolCall(call.id, call.name, parseArguments(call.arguments));
      })
    : [];
  return new ChatMessage('assistant', typeof content === 'string' ? content : '', toolCalls);
};

/** A real OpenAI-compatible chat-completions endpoint over HTTP. */
export class OpenAiConnection implements ChatModelConnection {
  constructor(private readonly options: OpenAiConnectionOptions) {}

  /** From a descriptor's arguments: `base_url`, `api_key` (optional), `timeout` (seconds, 60 by default). */
  static fromArguments(args: ReadonlyMap<string, PyJson>, name: string): OpenAiConnection {
    const fail = (message: string): never => {
      throw new InvalidValueError(`Chat model connection '${name}': ${message}`);
    };
    for (const key of args.keys()) if (!['base_url', 'api_key', 'timeout'].includes(key)) fail(`unknown argument '${key}'`);
    const baseUrl = args.get('base_url');
    if (typeof baseUrl !== 'string' || baseUrl === '') return fail("'base_url' must be a non-empty string");
    const apiKey = args.get('api_key') ?? null;
    if (apiKey !== null && typeof apiKey !== 'string') fail("'api_key' must be a string");
    const timeoutValue = args.get('timeout') ?? 60;
    const timeout = typeof timeoutValue === 'number' || timeoutValue instanceof PyFloat ? numberValue(timeoutValue) : NaN;
    if (!(timeout > 0)) fail("'timeout' must be a positive number of seconds");
    return new OpenAiConnection({ baseUrl, ...(apiKey === null ? {} : { apiKey: apiKey as string }), timeoutMs: timeout * 1000 });
  }

  async chat(model: string, messages: readonly ChatMessage[], tools: readonly PyJson[]): Promise<ChatMessage> {
    const body = new Map<string, PyJson>([
      ['model', model],
      ['messages', messages.map(toWireMessage)],
    ]);
    if (tools.length > 0) body.set('tools', [...tools]);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.options.apiKey !== undefined) headers.authorization = `Bearer ${this.options.apiKey}`;
    const url = `${this.options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    const response = await (this.options.fetch ?? fetch)(url, {
      method: 'POST',
      headers,
      body: writePyJson(body, { ensureAscii: false, separators: 'compact', allowNan: false }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 60_000),
    });
    const text = await response.text();
    if (!response.ok) throw new ChatEndpointError(`${url} answered ${response.status}: ${text.slice(0, 500)}`, response.status);
    let tree: PyJson;
    try {
      tree = parsePyJson(text);
    } catch (error) {
      throw new ChatEndpointError(`${url} answered with text that is not JSON: ${(error as Error).message}`, response.status);
    }
    const choices = asObject(tree, 'response').get('choices');
    if (!Array.isArray(choices) || choices.length === 0) throw new ChatEndpointError(`${url} answered without choices`, response.status);
    return fromWireMessage(asObject(choices[0] as PyJson, 'choices[0]').get('message') ?? null);
  }
}
