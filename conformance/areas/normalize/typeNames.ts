import type { TypeNameMask } from '../../compare/compareErrors.js';

/**
 * The type names Python and TypeScript each spell their own way in normalization and rendering
 * messages, mapped to one spelling. A name not listed is the same in both (a class name, or
 * `object`).
 */
const CANONICAL: Readonly<Record<string, string>> = {
  bytes: 'bytes',
  Uint8Array: 'bytes',
  set: 'set',
  frozenset: 'set',
  Set: 'set',
  tuple: 'tuple',
  Array: 'tuple',
  dict: 'dict',
  Map: 'dict',
  datetime: 'datetime',
  Date: 'datetime',
};

// Where the messages name a type: the refusal of normalization, json.dumps' two refusals, and
// pydantic's refusal to dump an unknown type (Python names the class with its module).
const SLOTS: readonly RegExp[] = [
  /^(Unable to serialize unknown type: <class ')(?:[\w.]+\.)?([^.']+)('>)$/,
  /^(Sub-agent result must be JSON-compatible at .*, found )(.+)$/s,
  /^(Object of type )(\S+)( is not JSON serializable)$/,
  /^(keys must be str, int, float, bool or None, not )(\S+)$/,
];

/** Rewrites the type name of a normalization or rendering message to one spelling for both languages. */
export const maskNormalizeTypeNames: TypeNameMask = (message) => {
  for (const slot of SLOTS) {
    const match = slot.exec(message);
    if (match) {
      const [, before, name, after = ''] = match;
      return `${before}${CANONICAL[name!] ?? name}${after}`;
    }
  }
  return message;
};
