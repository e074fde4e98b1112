import { PyFloat, type PyJson } from '../../json/pyJson.js';
import { pyEqualityKey } from '../../python/pyEquality.js';
import { pyRepr } from '../../python/pyRepr.js';

/**
 * Python's `==` key (`pyEqualityKey`) of a JSON scalar (`1`, `1.0` and `True` meet; strings never
 * equal numbers); undefined for a value that is not a scalar.
 */
export const scalarEqualityKey = (value: unknown): string | undefined =>
  value === null || value instanceof PyFloat || ['boolean', 'string', 'bigint', 'number'].includes(typeof value) ? pyEqualityKey(value as PyJson) : undefined;

/** pydantic's list of expected values: `'a'`, `'a' or 1`, `'a', 'b' or 'c'`. */
export const expectedList = (values: readonly PyJson[]): string => {
  const shown = values.map((value) => pyRepr(value));
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}`;
};
