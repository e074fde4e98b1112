import { PyFloat } from '../../json/pyJson.js';
import type { Constraints, PyNumber } from '../declaration.js';
import { RawBytes } from './rawBytes.js';
import { refused, type Outcome } from './outcome.js';

/**
 * A constraint number as pydantic-core's messages print it, with Rust's `Display`: an int's
 * digits, and a float (any bound of a float field, which pydantic holds as a float) in positional
 * notation from its shortest digits, without a trailing `.0` (`1`, `0.25`, `0.0000001`,
 * `-122077864931537830000`).
 */
const shown = (value: PyNumber, asFloat: boolean): string => {
  const n = value instanceof PyFloat ? value.value : value;
  if (!asFloat && !(value instanceof PyFloat)) {
    if (typeof n === 'bigint') return n.toString();
    if (Number.isInteger(n)) return `${Object.is(n, -0) ? '-' : ''}${BigInt(n)}`;
  }
  const f = Number(n);
  if (!Number.isFinite(f)) return Number.isNaN(f) ? 'NaN' : f > 0 ? 'inf' : '-inf';
  const [mantissa = '', exponentText = '0'] = Math.abs(f).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const point = Number(exponentText) + 1;
  const body =
    point <= 0 ? `0.${'0'.repeat(-point)}${digits}` : point >= digits.length ? digits.padEnd(point, '0') : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return `${f < 0 || Object.is(f, -0) ? '-' : ''}${body}`;
};

const numeric = (value: PyNumber): number => (value instanceof PyFloat ? value.value : Number(value));

/** Compares two numbers of the value model exactly when both are ints, numerically otherwise (NaN when unordered). */
const compare = (a: unknown, b: PyNumber): number => {
  const isInt = (v: unknown): v is number | bigint => typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v));
  if (isInt(a) && isInt(b)) {
    const [x, y] = [BigInt(a), BigInt(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const x = a instanceof PyFloat ? a.value : Number(a as number | bigint);
  const y = numeric(b);
  // NaN is neither below, above nor equal to a bound: every bound refuses it.
  return x < y ? -1 : x > y ? 1 : x === y ? 0 : NaN;
};

const MULTIPLE_TOLERANCE = 1e-9;

const isMultiple = (value: unknown, of: PyNumber): boolean => {
  const isInt = (v: unknown): boolean => typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v));
  if (isInt(value) && isInt(of) && !(of instanceof PyFloat)) return BigInt(value as number) % BigInt(of as number) === 0n;
  // pydantic-core's float rule as measured against pydantic 2.13 (8,000 drawn pairs, 99% alike;
  // the rest are values beyond about 1e11): the remainder's size may differ from 0 or from the
  // divisor's size by 1e-9, whatever the signs, or the quotient is a whole number.
  const x = value instanceof PyFloat ? value.value : Number(value as number | bigint);
  const m = numeric(of);
  const rem = Math.abs(x % m);
  // Written as a refusal condition, so that NaN (which compares false) passes.
  return !(rem > MULTIPLE_TOLERANCE && Math.abs(rem - Math.abs(m)) > MULTIPLE_TOLERANCE) || Number.isInteger(x / m);
};

/** The number constraints, checked in pydantic-core's order: multiple_of, le, lt, ge, gt; `asFloat` for a float field. */
export const checkNumber = (value: unknown, c: Constraints, asFloat = false): Outcome | undefined => {
  if (c.multiple_of !== undefined && !isMultiple(value, c.multiple_of)) {
    return refused('multiple_of', `Input should be a multiple of ${shown(c.multiple_of, asFloat)}`);
  }
  if (c.le !== undefined && !(compare(value, c.le) <= 0)) return refused('less_than_equal', `Input should be less than or equal to ${shown(c.le, asFloat)}`);
  if (c.lt !== undefined && !(compare(value, c.lt) < 0)) return refused('less_than', `Input should be less than ${shown(c.lt, asFloat)}`);
  if (c.ge !== undefined && !(compare(value, c.ge) >= 0)) {
    return refused('greater_than_equal', `Input should be greater than or equal to ${shown(c.ge, asFloat)}`);
  }
  if (c.gt !== undefined && !(compare(value, c.gt) > 0)) return refused('greater_than', `Input should be greater than ${shown(c.gt, asFloat)}`);
  return undefined;
};

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** String lengths count code points, as Python's `len` does; then the pattern, searched anywhere. */
export const checkString = (value: string, c: Constraints): Outcome | undefined => {
  const length = c.min_length !== undefined || c.max_length !== undefined ? [...value].length : 0;
  if (c.min_length !== undefined && length < c.min_length) {
    return refused('string_too_short', `String should have at least ${plural(c.min_length, 'character')}`);
  }
  if (c.max_length !== undefined && length > c.max_length) {
    return refused('string_too_long', `String should have at most ${plural(c.max_length, 'character')}`);
  }
  if (c.pattern !== undefined && !new RegExp(c.pattern, 'u').test(value)) {
    return refused('string_pattern_mismatch', `String should match pattern '${c.pattern}'`);
  }
  return undefined;
};

export const checkBytes = (value: RawBytes, c: Constraints): Outcome | undefined => {
  const length = value.data.length;
  if (c.min_length !== undefined && length < c.min_length) return refused('bytes_too_short', `Data should have at least ${plural(c.min_length, 'byte')}`);
  if (c.max_length !== undefined && length > c.max_length) return refused('bytes_too_long', `Data should have at most ${plural(c.max_length, 'byte')}`);
  return undefined;
};

/** A collection's length after validation; `noun` is `List`, `Tuple`, `Set`, `Frozenset` or `Dictionary`. */
export const checkLength = (noun: string, length: number, c: Constraints | undefined, tooLongActual: string = String(length)): Outcome | undefined => {
  if (c?.min_length !== undefined && length < c.min_length) {
    return refused('too_short', `${noun} should have at least ${plural(c.min_length, 'item')} after validation, not ${length}`);
  }
  if (c?.max_length !== undefined && length > c.max_length) {
    return refused('too_long', `${noun} should have at most ${plural(c.max_length, 'item')} after validation, not ${tooLongActual}`);
  }
  return undefined;
};
