import { formatPyFloat } from '../json/formatPyFloat.js';
import { PyFloat, type PyJson } from '../json/pyJson.js';
import { inRanges, parseRanges } from '../types/schema/codePointRanges.js';
import { NOT_PRINTABLE_RANGES } from '../types/schema/pyCaseData.js';

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
export const pythonStringRepr = (text: string): string => {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let body = '';
  for (const ch of text) body += escapeChar(ch, quote);
  return `${quote}${body}${quote}`;
};

/** `repr(value)` of a JSON scalar as the Python value it reads as (`True`, `None`, `2.0`). */
export const pythonScalarRepr = (value: PyJson): string => {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'string') return pythonStringRepr(value);
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof PyFloat) return formatPyFloat(value.value);
  if (typeof value === 'number') return Number.isInteger(value) && !Object.is(value, -0) ? String(value) : formatPyFloat(value);
  throw new TypeError('pythonScalarRepr takes a JSON scalar');
};
