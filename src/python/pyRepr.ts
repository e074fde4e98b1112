import { PyFloat, type PyJson } from '../json/pyJson.js';
import { inRanges, parseRanges } from './codePointRanges.js';
import { formatPyFloat } from './formatPyFloat.js';
import { NOT_PRINTABLE_RANGES } from './pyCaseData.js';
import { pyNumberText } from './pyNumberText.js';

// What Python 3.11's str.isprintable() refuses, from its own Unicode tables: the engine's may be
// newer, and a character assigned since is escaped by Python.
const NOT_PRINTABLE = parseRanges(NOT_PRINTABLE_RANGES);
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

const hex = (code: number, width: number): string => code.toString(16).padStart(width, '0');

const escapeChar = (ch: string, quote: string): string => {
  if (ch === quote) return `\\${ch}`;
  const escape = ESCAPES[ch];
  if (escape !== undefined) return escape;
  const code = ch.codePointAt(0)!;
  if (code < 0x20 || code === 0x7f) return `\\x${hex(code, 2)}`;
  if (code < 0x7f || !inRanges(NOT_PRINTABLE, code)) return ch;
  if (code <= 0xff) return `\\x${hex(code, 2)}`;
  return code <= 0xffff ? `\\u${hex(code, 4)}` : `\\U${hex(code, 8)}`;
};

/** `repr(text)` as Python prints it: single quotes unless only double quotes avoid escaping. */
export const pyStringRepr = (text: string): string => {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let body = '';
  for (const ch of text) body += escapeChar(ch, quote);
  return `${quote}${body}${quote}`;
};

/** Python's `str()` of a number of the value model (`pyNumberText`), of a `PyFloat` its float text. */
const numberStr = (value: number | bigint | PyFloat): string =>
  value instanceof PyFloat ? formatPyFloat(value.value) : typeof value === 'bigint' ? value.toString() : pyNumberText(value);

/** Python's `str()` of a JSON value: `True`, `None`, `1.0`, the text itself; a container as its `repr`. */
export const pyStr = (value: PyJson): string => {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || value instanceof PyFloat) return numberStr(value);
  return pyRepr(value);
};

/** Python's `repr()` of a JSON value, as error messages quote it. */
export const pyRepr = (value: PyJson): string => {
  if (typeof value === 'string') return pyStringRepr(value);
  if (Array.isArray(value)) return `[${(value as readonly PyJson[]).map(pyRepr).join(', ')}]`;
  if (value !== null && typeof value === 'object' && !(value instanceof PyFloat)) {
    const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
    return `{${entries.map(([k, v]) => `${pyStringRepr(k)}: ${pyRepr(v as PyJson)}`).join(', ')}}`;
  }
  return pyStr(value);
};
