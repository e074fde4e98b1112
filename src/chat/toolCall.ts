import { InvalidTypeError } from '../errors.js';
import type { PyJson } from '../json/pyJson.js';
import { asObject } from './chatMessage.js';

/**
 * A tool call as the model produced it. The upstream layout nests the name and arguments under
 * `function` (`{id, type: "function", function: {name, arguments}, original_id?}`); the
 * cross-language event snapshots carry the flat form (`{id, name, arguments}`). Both are read;
 * the tree itself is kept so that it is written back as it came.
 */
export interface ToolCallView {
  readonly id: string;
  readonly name: string;
  /** The arguments exactly as the model sent them: normally an object, but never coerced. */
  readonly arguments: PyJson;
  readonly originalId: string | null;
}

export const readToolCall = (tree: PyJson, where = 'tool_call'): ToolCallView => {
  const call = asObject(tree, where);
  const fn = call.has('function') ? asObject(call.get('function'), `${where}.function`) : call;
  const id = call.get('id');
  const name = fn.get('name');
  if (typeof id !== 'string') throw new InvalidTypeError(`${where}.id must be a string`, { code: 'TOOL_CALL_ID_NOT_STRING' });
  if (typeof name !== 'string') throw new InvalidTypeError(`${where}.name must be a string`, { code: 'TOOL_CALL_NAME_NOT_STRING' });
  const originalId = call.get('original_id') ?? null;
  if (originalId !== null && typeof originalId !== 'string') {
    throw new InvalidTypeError(`${where}.original_id must be a string or null`, { code: 'TOOL_CALL_ORIGINAL_ID_NOT_STRING' });
  }
  return { id, name, arguments: fn.has('arguments') ? (fn.get('arguments') as PyJson) : null, originalId };
};

/** A tool call in the upstream nested layout. */
export const toolCall = (id: string, name: string, args: PyJson, originalId?: string): Map<string, PyJson> => {
  const call = new Map<string, PyJson>([
    ['id', id],
    ['type', 'function'],
    [
      'function',
      new Map<string, PyJson>([
        ['name', name],
        ['arguments', args],
      ]),
    ],
  ]);
  if (originalId !== undefined) call.set('original_id', originalId);
  return call;
};
