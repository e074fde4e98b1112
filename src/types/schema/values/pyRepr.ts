import { formatPyFloat } from '../../../json/formatPyFloat.js';
import { PyFloat, type PyJson } from '../../../json/pyJson.js';

/** Python's `str()` of a scalar JSON value: `True`, `None`, `1.0`, the text itself. */
export const pyStr = (value: PyJson): string => {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return Number.isInteger(value) && !Object.is(value, -0) ? String(value) : formatPyFloat(value);
  if (value instanceof PyFloat) return formatPyFloat(value.value);
  return pyRepr(value);
};

const reprString = (text: string): string => {
  // Python prefers single quotes unless the text holds a single quote and no double quote.
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = '';
  for (const ch of text) {
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch.codePointAt(0)! < 0x20 || ch.codePointAt(0) === 0x7f) out += `\\x${ch.codePointAt(0)!.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return `${quote}${out}${quote}`;
};

/** Python's `repr()` of a JSON value, as error messages quote it. */
export const pyRepr = (value: PyJson): string => {
  if (typeof value === 'string') return reprString(value);
  if (Array.isArray(value)) return `[${(value as readonly PyJson[]).map(pyRepr).join(', ')}]`;
  if (value !== null && typeof value === 'object' && !(value instanceof PyFloat)) {
    const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
    return `{${entries.map(([k, v]) => `${reprString(k)}: ${pyRepr(v as PyJson)}`).join(', ')}}`;
  }
  return pyStr(value);
};
