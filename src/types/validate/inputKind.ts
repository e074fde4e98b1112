import { PyFloat } from '../../json/pyJson.js';
import { isPlainRecord } from '../../actions/normalize/jsonObjects.js';
import { UncomputedField } from './dumpMarkers.js';
import { modelBrandOf } from './modelBrand.js';
import { asPyTuple, isPyTuple } from './pyTuple.js';

/**
 * What Python type a TypeScript input stands for. A whole number within 2^53 is an int
 * (JavaScript cannot tell 2.0 from 2), any other number, `-0` and a `PyFloat` a float; an array a list (a tuple
 * when marked by `asPyTuple`); a Set a set;
 * a Map or a plain object a dict; a Uint8Array bytes; a declared model's instance a model.
 */
export type InputKind = 'none' | 'bool' | 'int' | 'float' | 'str' | 'bytes' | 'list' | 'tuple' | 'set' | 'dict' | 'model' | 'other';

export const inputKind = (input: unknown): InputKind => {
  switch (typeof input) {
    case 'boolean':
      return 'bool';
    case 'string':
      return 'str';
    case 'bigint':
      return 'int';
    case 'number':
      // A whole number beyond 2^53 cannot have been an int (the codec gives those as bigints).
      return Number.isSafeInteger(input) && !Object.is(input, -0) ? 'int' : 'float';
    case 'object':
      if (input === null) return 'none';
      if (input instanceof PyFloat) return 'float';
      if (Array.isArray(input)) return isPyTuple(input) ? 'tuple' : 'list';
      if (input instanceof Set) return 'set';
      if (input instanceof Map || isPlainRecord(input)) return 'dict';
      if (input instanceof Uint8Array && input.constructor === Uint8Array) return 'bytes';
      return modelBrandOf(input) === undefined ? 'other' : 'model';
    default:
      return 'other';
  }
};

/** The value of a float input (`PyFloat` or number). */
export const floatOf = (input: unknown): number => (input instanceof PyFloat ? input.value : (input as number));

/** An int input as a bigint. */
export const intOf = (input: unknown): bigint => BigInt(input as number | bigint);

/** Whether an int fits pydantic-core's 64-bit ints. */
export const fitsI64 = (value: bigint): boolean => value >= -(2n ** 63n) && value < 2n ** 63n;

/** An int in the value model: a number when safe, else a bigint. */
export const pyInt = (value: bigint): number | bigint =>
  value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;

/** A float in the value model: a `PyFloat` for a whole value (so that it prints `2.0`), else a number. */
export const pyFloat = (value: number): number | PyFloat => (Number.isInteger(value) ? new PyFloat(value) : value);

/** The entries of a dict input, keys as they are (a plain object's keys are strings). */
export const dictEntries = (input: unknown): [unknown, unknown][] =>
  input instanceof Map ? [...(input as Map<unknown, unknown>)] : Object.entries(input as Record<string, unknown>);

/**
 * The items of a list or set input, in order; a declared model's instance iterates as Python's
 * `BaseModel.__iter__` does, as (name, value) pairs of its fields and extras.
 */
export const itemsOf = (input: unknown): unknown[] => {
  const brand = modelBrandOf(input);
  if (brand === undefined) return [...(input as Iterable<unknown>)];
  return [...brand.dumped].filter(([, value]) => !(value instanceof UncomputedField)).map(([name, value]) => asPyTuple([name, value]));
};
