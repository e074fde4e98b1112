import { InvalidValueError, type ErrorCode } from '../errors.js';
import { parsePyJson } from '../json/parsePyJson.js';
import { numberValue, PyFloat, type PyJson } from '../json/pyJson.js';
import { writePyJson } from '../json/writePyJson.js';
import { asObject, ChatMessage } from './chatMessage.js';
import type { ChatModelConnection } from './chatModelConnection.js';
import { readToolCall, toolCall } from './toolCall.js';

export interface OpenAiConnectionOptions {
  /**
   * Up to and without `/chat/completions`, e.g. `https://api.openai.com/v1` or a local server;
   * `OPENAI_BASE_URL` when not given, else OpenAI's own.
   */
  readonly baseUrl?: string;
  /** `OPENAI_API_KEY` when not given; no `authorization` header when neither is. */
  readonly apiKey?: string;
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
  /** How many times a 429 or 5xx answer is asked again (3 by default). */
  readonly retries?: number;
  /** The wait before the n-th retry without `Retry-After`: `initialMs * 2^n`, never above `maxMs`. */
  readonly backoff?: { readonly initialMs: number; readonly maxMs: number };
  /** How a wait is spent (a timer by default); tests give one that does not sleep. */
  readonly sleep?: (ms: number) => Promise<void>;
}

/** A failure of the endpoint, with the HTTP status when there was one. */
export class ChatEndpointError extends InvalidValueError {
  /** The HTTP status, when there was one. */
  readonly status: number | undefined;
  /** The answer as far as it came, when the endpoint cut it off (`finish_reason` `length`). */
  readonly partial: ChatMessage | undefined;

  constructor(message: string, options: { readonly code: ErrorCode; readonly status?: number; readonly partial?: ChatMessage }) {
    super(message, { code: options.code });
    this.status = options.status;
    this.partial = options.partial;
  }
}

const OPENAI_BASE_URL = 'https://api.openai.com/v1';
const DEFAULT_BACKOFF = { initialMs: 500, maxMs: 8_000 };

const isRetried = (status: number): boolean => status === 429 || status >= 500;

// `Retry-After` in seconds or as an HTTP date; undefined when absent or unreadable.
const retryAfterMs = (header: string | null, now: number): number | undefined => {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
};

// Why a request got no answer at all, named the same way in both languages.
const transportFailure = (url: string, error: unknown, timeoutMs: number): ChatEndpointError => {
  const name = (error as { name?: unknown }).name;
  if (name === 'TimeoutError') return new ChatEndpointError(`${url} did not answer: no answer within ${timeoutMs} ms`, { code: 'CHAT_ENDPOINT_TIMEOUT' });
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  const reason = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : String(error);
  return new ChatEndpointError(`${url} did not answer: connection failed (${reason})`, { code: 'CHAT_ENDPOINT_UNREACHABLE' });
};

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

// The answer, with what the endpoint said about it kept in `extraArgs`: `finish_reason`, the
// response's `usage`, and the model's `refusal` when it gave one.
const fromWireAnswer = (choice: Map<string, PyJson>, usage: PyJson | undefined): ChatMessage => {
  const message = asObject(choice.get('message') ?? null, 'choices[0].message');
  const content = message.get('content');
  const calls = message.get('tool_calls');
  const toolCalls = Array.isArray(calls)
    ? calls.map((c, i) => {
        const call = readToolCall(c as PyJson, `choices[0].message.tool_calls[${i}]`);
        return toolCall(call.id, call.name, parseArguments(call.arguments));
      })
    : [];
  const extra = new Map<string, PyJson>();
  const finish = choice.get('finish_reason');
  if (typeof finish === 'string') extra.set('finish_reason', finish);
  if (usage !== undefined && usage !== null) extra.set('usage', usage);
  const refusal = message.get('refusal');
  if (typeof refusal === 'string') extra.set('refusal', refusal);
  return new ChatMessage('assistant', typeof content === 'string' ? content : '', toolCalls, extra);
};

/**
 * A real OpenAI-compatible chat-completions endpoint over HTTP. A 429 or 5xx answer is asked again
 * with bounded exponential backoff, waiting what `Retry-After` says when it says (never above the
 * backoff's `maxMs`); no answer at all (a timeout, a refused connection) is a `ChatEndpointError`
 * naming the URL. An answer cut off at the length limit is refused, not taken as final.
 */
export class OpenAiConnection implements ChatModelConnection {
  private readonly baseUrl: string;
  private readonly apiKey: string | undefined;

  constructor(private readonly options: OpenAiConnectionOptions = {}) {
    this.baseUrl = options.baseUrl ?? process.env.OPENAI_BASE_URL ?? OPENAI_BASE_URL;
    this.apiKey = options.apiKey ?? process.env.OPENAI_API_KEY;
  }

  /** From a descriptor's arguments: `base_url`, `api_key` (optional), `timeout` (seconds, 60 by default). */
  static fromArguments(args: ReadonlyMap<string, PyJson>, name: string): OpenAiConnection {
    const fail = (message: string): never => {
      throw new InvalidValueError(`Chat model connection '${name}': ${message}`, { code: 'CHAT_CONNECTION_ARGUMENT' });
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
    if (this.apiKey !== undefined) headers.authorization = `Bearer ${this.apiKey}`;
    const url = `${this.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    const payload = writePyJson(body, { ensureAscii: false, separators: 'compact', allowNan: false });
    const { status, text } = await this.post(url, headers, payload);
    let tree: PyJson;
    try {
      tree = parsePyJson(text);
    } catch (error) {
      throw new ChatEndpointError(`${url} answered with text that is not JSON: ${(error as Error).message}`, { code: 'CHAT_ENDPOINT_NOT_JSON', status });
    }
    const response = asObject(tree, 'response');
    const choices = response.get('choices');
    if (!Array.isArray(choices) || choices.length === 0) throw new ChatEndpointError(`${url} answered without choices`, { code: 'CHAT_ENDPOINT_NO_CHOICES', status });
    const answer = fromWireAnswer(asObject(choices[0] as PyJson, 'choices[0]'), response.get('usage'));
    if (answer.extraArgs.get('finish_reason') === 'length') {
      throw new ChatEndpointError(`${url} cut the answer off at its length limit (finish_reason "length")`, { code: 'CHAT_ENDPOINT_LENGTH', status, partial: answer });
    }
    return answer;
  }

  // One answer that is not a 429 or 5xx, or the last one after the retries.
  private async post(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
    const timeoutMs = this.options.timeoutMs ?? 60_000;
    const retries = this.options.retries ?? 3;
    const backoff = this.options.backoff ?? DEFAULT_BACKOFF;
    const sleep = this.options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      let text: string;
      try {
        response = await (this.options.fetch ?? fetch)(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
        text = await response.text();
      } catch (error) {
        throw transportFailure(url, error, timeoutMs);
      }
      if (response.ok) return { status: response.status, text };
      if (!isRetried(response.status) || attempt >= retries) {
        throw new ChatEndpointError(`${url} answered ${response.status}: ${text.slice(0, 500)}`, { code: 'CHAT_ENDPOINT_STATUS', status: response.status });
      }
      const wait = retryAfterMs(response.headers.get('retry-after'), Date.now()) ?? backoff.initialMs * 2 ** attempt;
      await sleep(Math.min(wait, backoff.maxMs));
    }
  }
}
