import { asObject, ChatMessage } from '../chat/chatMessage.js';
import { InvalidTypeError } from '../errors.js';
import type { PyJson } from '../json/pyJson.js';
import {
  ChatRequestEvent,
  ChatResponseEvent,
  EVENT_TYPES,
  GenericEvent,
  InputEvent,
  OutputEvent,
  ToolRequestEvent,
  ToolResponseEvent,
  type Event,
} from './events.js';

/** An event in the cross-language form: `{"id", "type", "attributes"}`, as upstream Python writes it. */
export const eventToJson = (event: Event): Map<string, PyJson> =>
  new Map<string, PyJson>([
    ['id', event.id],
    ['type', event.type],
    ['attributes', event.attributes()],
  ]);

type Attributes = Map<string, PyJson>;
type Reader = (attrs: Attributes, id: string, where: string) => Event;

const str = (attrs: Attributes, key: string, where: string): string => {
  const value = attrs.get(key);
  if (typeof value !== 'string') throw new InvalidTypeError(`${where}.${key} must be a string`, { code: 'EVENT_FIELD_NOT_STRING' });
  return value;
};

const int = (attrs: Attributes, key: string, where: string): number => {
  const value = attrs.get(key) ?? 0;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new InvalidTypeError(`${where}.${key} must be an integer`, { code: 'EVENT_FIELD_NOT_INT' });
  return value;
};

const list = (attrs: Attributes, key: string, where: string): readonly PyJson[] => {
  const value = attrs.get(key) ?? [];
  if (!Array.isArray(value)) throw new InvalidTypeError(`${where}.${key} must be a list`, { code: 'EVENT_FIELD_NOT_LIST' });
  return value as readonly PyJson[];
};

const entries = <T>(attrs: Attributes, key: string, where: string, read: (v: PyJson, at: string) => T): Map<string, T> => {
  const out = new Map<string, T>();
  for (const [k, v] of asObject(attrs.get(key) ?? new Map(), `${where}.${key}`)) out.set(k, read(v, `${where}.${key}.${k}`));
  return out;
};

const optionalString = (value: PyJson, at: string): string | null => {
  if (value !== null && typeof value !== 'string') throw new InvalidTypeError(`${at} must be a string or null`, { code: 'EVENT_FIELD_NOT_STRING_OR_NULL' });
  return value;
};

// Java writes each response as a ToolResponse object ({result, success, error, ...}); Python
// writes the content itself. The content is what the model reads, so both become that.
const responseContent = (value: PyJson): PyJson => {
  if (value instanceof Map && value.has('result') && value.has('success')) return value.get('result') as PyJson;
  return value;
};

const READERS: Record<string, Reader> = {
  [EVENT_TYPES.input]: (a, id) => new InputEvent(a.get('input') ?? null, id),
  [EVENT_TYPES.output]: (a, id) => new OutputEvent(a.get('output') ?? null, id),
  [EVENT_TYPES.chatRequest]: (a, id, w) =>
    new ChatRequestEvent(
      {
        model: str(a, 'model', w),
        messages: list(a, 'messages', w).map((m, i) => ChatMessage.fromJson(m, `${w}.messages[${i}]`)),
        promptArgs: asObject(a.get('prompt_args') ?? new Map(), `${w}.prompt_args`),
        outputSchema: a.get('output_schema') ?? null,
      },
      id,
    ),
  [EVENT_TYPES.chatResponse]: (a, id, w) =>
    new ChatResponseEvent(
      {
        requestId: str(a, 'request_id', w),
        response: ChatMessage.fromJson(a.get('response') ?? null, `${w}.response`),
        retryCount: int(a, 'retry_count', w),
        totalRetryWaitSec: int(a, 'total_retry_wait_sec', w),
      },
      id,
    ),
  [EVENT_TYPES.toolRequest]: (a, id, w) => new ToolRequestEvent(str(a, 'model', w), list(a, 'tool_calls', w), id),
  [EVENT_TYPES.toolResponse]: (a, id, w) =>
    new ToolResponseEvent(
      {
        requestId: str(a, 'request_id', w),
        responses: entries(a, 'responses', w, responseContent),
        success: entries(a, 'success', w, (v, at) => {
          if (typeof v !== 'boolean') throw new InvalidTypeError(`${at} must be a boolean`, { code: 'EVENT_FIELD_NOT_BOOL' });
          return v;
        }),
        error: entries(a, 'error', w, optionalString),
        externalIds: entries(a, 'external_ids', w, optionalString),
      },
      id,
    ),
};

/**
 * Reads an event written by either upstream language (or by this runtime). Java orders the keys
 * differently, omits the chat request's `prompt_args`/`output_schema` and wraps tool responses in
 * objects; all of that reads into the same event. An unknown type stays a `GenericEvent`.
 */
export const eventFromJson = (tree: PyJson, where = 'event'): Event => {
  const fields = asObject(tree, where);
  const id = str(fields, 'id', where);
  const type = str(fields, 'type', where);
  const attrs = asObject(fields.get('attributes') ?? new Map(), `${where}.attributes`);
  const read = READERS[type];
  return read === undefined ? new GenericEvent(type, attrs, id) : read(attrs, id, `${where}.attributes`);
};
