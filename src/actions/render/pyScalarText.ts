import { formatPyFloat } from '../../json/formatPyFloat.js';

/**
 * Python's `str()` of a number of the value model: a whole number is an int (its exact digits,
 * also beyond 2^53), any other number, `-0` included, a float in `repr` form (`0.1`, `1e-07`,
 * `1e+16`, `-0.0`, `nan`, `inf`).
 */
export const pyNumberText = (value: number): string => {
  if (Number.isInteger(value) && !Object.is(value, -0)) {
    return Number.isSafeInteger(value) ? String(value) : BigInt(value).toString();
  }
  return formatPyFloat(value);
};

const NON_ASCII = /[\u007f-\uffff]/g;
// Escapes met once are kept: a text repeats few distinct characters many times.
const escapes = new Map<string, string>();
const escapeChar = (ch: string): string => {
  let escaped = escapes.get(ch);
  if (escaped === undefined) {
    escaped = `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
    if (escapes.size < 4096) escapes.set(ch, escaped);
  }
  return escaped;
};

/**
 * Python's `ensure_ascii` applied to JSON text: every character from U+007F up becomes `\uXXXX`
 * (a character beyond the BMP as its two surrogates). Such characters only occur inside string
 * literals of JSON text, so the whole text can be escaped at once.
 */
export const escapeNonAscii = (text: string): string => text.replace(NON_ASCII, escapeChar);
