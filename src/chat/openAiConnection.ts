import { InvalidValueError } from '../errors.js';
import { parsePyJson } from '../json/parsePyJson.js';
import type { PyJson } from '../json/pyJson.js';
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
