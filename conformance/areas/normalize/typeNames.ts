import type { TypeNameMask } from '../../compare/compareErrors.js';
import { TYPE_NAMES } from '../../compare/typeNames.js';

// Where the messages name a type: the refusal of normalization, json.dumps' two refusals, and
// pydantic's refusal to dump an unknown type (Python names the class with its module).
const SLOTS: readonly RegExp[] = [
  /^(Unable to serialize unknown type: <class ')(?:[\w.]+\.)?([^.']+)('>)$/,
  /^(Sub-agent result must be JSON-compatible at .*, found )(.+)$/s,
  /^(Object of type )(\S+)( is not JSON serializable)$/,
  /^(keys must be str, int, float, bool or None, not )(\S+)$/,
];

/** Rewrites the type name of a normalization or rendering message to one spelling for every language (rule `type-names`). */
export const maskNormalizeTypeNames: TypeNameMask = (message) => {
  for (const slot of SLOTS) {
    const match = slot.exec(message);
    if (match) {
      const [, before, name, after = ''] = match;
      return `${before}${TYPE_NAMES[name!] ?? name}${after}`;
    }
  }
  return message;
};
