import { formatPyFloat } from '../python/formatPyFloat.js';
import { PyFloat, type PyJson } from '../json/pyJson.js';
import { STRINGIFY_SAFE, isStringifySafe } from './normalize/inspectJsonGeneric.js';
import { escapeNonAscii } from '../json/escapeNonAscii.js';
import { pyIntText } from '../python/pyIntText.js';
import { pyNumberText } from '../python/pyNumberText.js';
import { writeContentJson } from './render/writeContentJson.js';

/**
 * Compact JSON text of a container as Python prints it with `ensure_ascii`: through the native
 * `JSON.stringify` when it prints the value as Python would, else through our own writer.
 */
export const containerText = (value: PyJson, traits?: number): string =>
  (traits === undefined ? isStringifySafe(value) : (traits & STRINGIFY_SAFE) !== 0)
    ? escapeNonAscii(JSON.stringify(value))
    : writeContentJson(value);

/**
 * The text a chat model reads for a normalized result (reference §4.5): `null` for null, compact
 * JSON with Python's ASCII escaping for booleans, arrays and objects, the string itself for a
 * string, and a number as Python's `str()` prints it (`7`, `0.1`, `1e-07`, `1e+16`, `-0.0`; a
 * bigint gives its exact digits, refused past Python's 4,300 as Python refuses it). Inside containers a non-finite number is refused as Python's
 * `json.dumps(..., allow_nan=False)` refuses it (`ValueError` kind), and so is a cycle.
 */
export const toChatMessageContent = (value: PyJson): string => {
  switch (typeof value) {
    case 'string':
      return value;
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      return pyNumberText(value);
    case 'bigint':
      return pyIntText(value);
    default:
      if (value === null) return 'null';
      if (value instanceof PyFloat) return formatPyFloat(value.value);
      return containerText(value);
  }
};
