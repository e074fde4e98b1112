import { PyFloat, type PyJson } from '../../src/json/pyJson.js';
import { CodecError, step, type PathLink } from './codecError.js';

const FLOAT_TEXT = /^(?:NaN|-?Infinity|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?)$/;
const INT_TEXT = /^-?(?:0|[1-9]\d*)$/;
const BASE64_TEXT = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** `$float`: a JSON number, `NaN`, `Infinity` or `-Infinity`, written as a string. */
export const decodeFloat = (text: PyJson, at: PathLink | undefined): number => {
  if (typeof text !== 'string' || !FLOAT_TEXT.test(text)) {
    throw new CodecError('$float takes a JSON number, NaN, Infinity or -Infinity as a string', at);
  }
  return text === 'NaN' ? NaN : Number(text);
};

/** `$int`: the digits of an integer, a bigint beyond the safe range and a number within it. */
export const decodeInt = (text: PyJson, at: PathLink | undefined): number | bigint => {
  if (typeof text !== 'string' || !INT_TEXT.test(text)) {
    throw new CodecError('$int takes the decimal digits of an integer as a string', at);
  }
  const value = BigInt(text);
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
};

/** `$bytes`: standard padded base64. */
export const decodeBytes = (text: PyJson, at: PathLink | undefined): Uint8Array => {
  if (typeof text !== 'string' || !BASE64_TEXT.test(text)) {
    throw new CodecError('$bytes takes standard padded base64 as a string', at);
  }
  return new Uint8Array(Buffer.from(text, 'base64'));
};

const HASHABLE_TAGS = new Set(['$float', '$int', '$bytes', '$tuple']);

/**
 * Whether a document node may be a `$map` key or a `$set` member: what Python can hash and both
 * languages compare alike (null, a bool, a number, a string, `$float`, `$int`, `$bytes`, or a
 * `$tuple` of those). Checked on the document, where a tuple still differs from a list.
 */
export const checkHashable = (node: PyJson, at: PathLink | undefined): void => {
  const pending: [PyJson, PathLink | undefined][] = [[node, at]];
  while (pending.length > 0) {
    const [item, where] = pending.pop()!;
    if (item === null || typeof item !== 'object' || item instanceof PyFloat) continue;
    if (item instanceof Map && item.size === 1) {
      const [tag, body] = [...item][0]!;
      if (HASHABLE_TAGS.has(tag)) {
        if (tag === '$tuple' && Array.isArray(body)) body.forEach((member: PyJson, i: number) => pending.push([member, step(step(where, tag), i)]));
        continue;
      }
    }
    throw new CodecError('a map key or set member must be null, a bool, a number, a string, $float, $int, $bytes or a $tuple of those', where);
  }
};

/**
 * What Python compares when a decoded value is a dict key or set member. Python merges keys that
 * compare equal (1, 1.0 and true) and JavaScript's Map and Set do not, so a `$map` or `$set`
 * holding two such keys is refused: the languages would build different containers from it.
 * NaN is refused for the opposite reason.
 */
export const equalityKey = (value: unknown, at: PathLink | undefined): string => {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return `s${JSON.stringify(value)}`;
    case 'boolean':
      return value ? 'n1' : 'n0';
    case 'bigint':
      return `n${value}`;
    case 'number':
      if (Number.isNaN(value)) {
        throw new CodecError('NaN cannot be a map key or set member: the two languages disagree on its equality', at);
      }
      return Number.isInteger(value) ? `n${BigInt(value)}` : `n${value}`;
    default:
      if (value instanceof Uint8Array) return `b${Buffer.from(value).toString('base64')}`;
      if (Array.isArray(value)) return `t(${value.map((item) => equalityKey(item, at)).join(',')})`;
      throw new CodecError('a map key or set member must be hashable in Python', at);
  }
};
