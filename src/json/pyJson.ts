/**
 * The JSON value model shared by the schema renderer, normalization and plans.
 *
 * JavaScript cannot tell `2.0` from `2`, and a plain object moves integer-like keys to the front.
 * Python keeps both apart, so values that must print exactly as Python prints them use:
 * - `PyFloat` for a Python float (a bare `number` is an int when it is whole, a float otherwise);
 * - `bigint` for an int beyond the safe range;
 * - `Map` for an object whose key order must survive as written.
 */
export class PyFloat {
  constructor(readonly value: number) {}
}

export type PyJsonObject = ReadonlyMap<string, PyJson> | { readonly [key: string]: PyJson };
export type PyJson =
  | null
  | boolean
  | string
  | number
  | bigint
  | PyFloat
  | readonly PyJson[]
  | PyJsonObject;

export const isPyFloat = (value: unknown): value is PyFloat => value instanceof PyFloat;

/** A plain JSON object: not null, not an array, not a Map and not a number wrapper. */
export const isPlainObject = (value: unknown): value is { readonly [key: string]: unknown } => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** The entries of a JSON object in the order they print. */
export const objectEntries = (value: PyJsonObject): Iterable<[string, PyJson]> =>
  value instanceof Map ? value.entries() : Object.entries(value);

/** The numeric value of a number of either kind. */
export const numberValue = (value: number | bigint | PyFloat): number =>
  value instanceof PyFloat ? value.value : Number(value);
