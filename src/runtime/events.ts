import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '../chat/chatMessage.js';
import type { PyJson } from '../json/pyJson.js';

/** Type strings of the built-in events, as both upstream languages write them. */
export const EVENT_TYPES = {
  input: '_input_event',
  output: '_output_event',
  chatRequest: '_chat_request_event',
  chatResponse: '_chat_response_event',
  toolRequest: '_tool_request_event',
  toolResponse: '_tool_response_event',
} as const;

/**
 * Something an action reacts to. `attributes()` is the event's cross-language form: the keys and
 * their order are those the upstream Python side writes.
 */
export abstract class Event {
  abstract readonly type: string;
  constructor(readonly id: string = randomUUID()) {}
  abstract attributes(): Map<string, PyJson>;
}

/** An event of a type this runtime does not model, carried with its attributes as they are. */
export class GenericEvent extends Event {
  constructor(
    readonly type: string,
    private readonly attrs: ReadonlyMap<string, PyJson>,
    id?: string,
  ) {
    super(id);
  }
  attributes(): Map<string, PyJson> {
    return new Map(this.attrs);
  }
}

export class InputEvent extends Event {
  readonly type = EVENT_TYPES.input;
  constructor(readonly input: PyJson, id?: string) {
    super(id);
  }
  attributes(): Map<string, PyJson> {
    return new Map([['input', this.input]]);
  }
}

export class OutputEvent extends Event {
  readonly type = EVENT_TYPES.output;
  constructor(readonly output: PyJson, id?: string) {
    super(id);
  }
  attributes(): Map<string, PyJson> {
    return new Map([['output', this.output]]);
  }
}

export interface ChatRequestFields {
  readonly model: string;
  readonly messages: readonly ChatMessage[];
  readonly promptArgs?: ReadonlyMap<string, PyJson>;
  readonly outputSchema?: PyJson;
}

export class ChatRequestEvent extends Event {
  readonly type = EVENT_TYPES.chatRequest;
  readonly model: string;
  readonly messages: readonly ChatMessage[];
  readonly promptArgs: ReadonlyMap<string, PyJson>;
  readonly outputSchema: PyJson;
  constructor(fields: ChatRequestFields, id?: string) {
    super(id);
    this.model = fields.model;
    this.messages = fields.messages;
    this.promptArgs = fields.promptArgs ?? new Map();
    this.outputSchema = fields.outputSchema ?? null;
  }
  attributes(): Map<string, PyJson> {
    return new Map<string, PyJson>([
      ['model', this.model],
      ['messages', this.messages.map((m) => m.toJson())],
      ['prompt_args', new Map(this.promptArgs)],
      ['output_schema', this.outputSchema],
    ]);
  }
}

export interface ChatResponseFields {
  readonly requestId: string;
  readonly response: ChatMessage;
  readonly retryCount?: number;
  readonly totalRetryWaitSec?: number;
}

export class ChatResponseEvent extends Event {
  readonly type = EVENT_TYPES.chatResponse;
  readonly requestId: string;
  readonly response: ChatMessage;
  readonly retryCount: number;
  readonly totalRetryWaitSec: number;
  constructor(fields: ChatResponseFields, id?: string) {
    super(id);
    this.requestId = fields.requestId;
    this.response = fields.response;
    this.retryCount = fields.retryCount ?? 0;
    this.totalRetryWaitSec = fields.totalRetryWaitSec ?? 0;
  }
  attributes(): Map<string, PyJson> {
    return new Map<string, PyJson>([
      ['request_id', this.requestId],
      ['response', this.response.toJson()],
      ['retry_count', this.retryCount],
      ['total_retry_wait_sec', this.totalRetryWaitSec],
    ]);
  }
}

export class ToolRequestEvent extends Event {
  readonly type = EVENT_TYPES.toolRequest;
  constructor(
    readonly model: string,
    /** The calls as the model produced them (see `readToolCall`). */
    readonly toolCalls: readonly PyJson[],
    id?: string,
  ) {
    super(id);
  }
  attributes(): Map<string, PyJson> {
    return new Map<string, PyJson>([
      ['model', this.model],
      ['tool_calls', [...this.toolCalls]],
    ]);
  }
}

export interface ToolResponseFields {
  readonly requestId: string;
  /** Keyed by call id, in the order the results were recorded (the model sees them in this order). */
  readonly responses: ReadonlyMap<string, PyJson>;
  readonly success: ReadonlyMap<string, boolean>;
  readonly error: ReadonlyMap<string, string | null>;
  readonly externalIds: ReadonlyMap<string, string | null>;
}

export class ToolResponseEvent extends Event {
  readonly type = EVENT_TYPES.toolResponse;
  readonly requestId: string;
  readonly responses: ReadonlyMap<string, PyJson>;
  readonly success: ReadonlyMap<string, boolean>;
  readonly error: ReadonlyMap<string, string | null>;
  readonly externalIds: ReadonlyMap<string, string | null>;
  constructor(fields: ToolResponseFields, id?: string) {
    super(id);
    this.requestId = fields.requestId;
    this.responses = fields.responses;
    this.success = fields.success;
    this.error = fields.error;
    this.externalIds = fields.externalIds;
  }
  attributes(): Map<string, PyJson> {
    return new Map<string, PyJson>([
      ['request_id', this.requestId],
      ['responses', new Map(this.responses)],
      ['success', new Map(this.success)],
      ['error', new Map(this.error)],
      ['external_ids', new Map(this.externalIds)],
    ]);
  }
}
