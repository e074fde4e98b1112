import { InvalidTypeError } from '../errors.js';
import { isPlainObject, objectEntries, type PyJson, type PyJsonObject } from '../json/pyJson.js';

/** Who speaks a message (upstream `MessageRole`): the roles of conversations and of prompt templates. */
export type MessageRole = 'system' | 'user' | 'assistant' | 'tool';
export const MESSAGE_ROLES: readonly MessageRole[] = ['system', 'user', 'assistant', 'tool'];

export const isMessageRole = (value: unknown): value is MessageRole => (MESSAGE_ROLES as readonly unknown[]).includes(value);

/**
 * One message of a conversation, in the upstream cross-language layout (`role`, `content`,
 * `tool_calls`, `extra_args`). Tool calls stay as the trees the model produced, so that a call
 * read from the other language is written back unchanged.
 */
export class ChatMessage {
  constructor(
    readonly role: MessageRole,
    readonly content: string,
    readonly toolCalls: readonly PyJson[] = [],
    readonly extraArgs: ReadonlyMap<string, PyJson> = new Map(),
  ) {}

  toJson(): Map<string, PyJson> {
    return new Map<string, PyJson>([
      ['role', this.role],
      ['content', this.content],
      ['tool_calls', [...this.toolCalls]],
      ['extra_args', new Map(this.extraArgs)],
    ]);
  }

  static fromJson(tree: PyJson, where = 'message'): ChatMessage {
    const fields = asObject(tree, where);
    const role = fields.get('role');
    if (!isMessageRole(role)) throw new InvalidTypeError(`${where}.role must be one of ${MESSAGE_ROLES.join(', ')}`, { code: 'CHAT_MESSAGE_ROLE' });
    const content = fields.get('content') ?? '';
    if (typeof content !== 'string') throw new InvalidTypeError(`${where}.content must be a string`, { code: 'CHAT_MESSAGE_CONTENT_NOT_STRING' });
    const toolCalls = fields.get('tool_calls') ?? [];
    if (!Array.isArray(toolCalls)) throw new InvalidTypeError(`${where}.tool_calls must be a list`, { code: 'CHAT_MESSAGE_TOOL_CALLS_NOT_LIST' });
    const extra = fields.get('extra_args') ?? new Map<string, PyJson>();
    return new ChatMessage(role, content, toolCalls as PyJson[], asObject(extra, `${where}.extra_args`));
  }
}

/** A JSON object as an ordered Map, whichever form it arrived in. */
export const asObject = (tree: PyJson | undefined, where: string): Map<string, PyJson> => {
  if (tree instanceof Map) return tree as Map<string, PyJson>;
  if (isPlainObject(tree)) return new Map(objectEntries(tree as PyJsonObject));
  throw new InvalidTypeError(`${where} must be an object`, { code: 'VALUE_NOT_OBJECT' });
};
