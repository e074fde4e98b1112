import { PyFloat, type PyJson } from '../../json/pyJson.js';
import { pythonScalarRepr } from '../../subagent/pythonRepr.js';

/**
 * A key under which JSON scalars that Python finds equal (`1`, `1.0`, `True`) meet, and nothing
 * else does; undefined for a value that is not a scalar. Strings never equal numbers.
 */
export const pyEqualityKey = (value: unknown): string | undefined => {
  if (value === null) return 'none';
  switch (typeof value) {
    case 'boolean':
      return value ? 'n1' : 'n0';
    case 'string':
      return `s${value}`;
    case 'bigint':
      return `n${value}`;
    case 'number':
      return Number.isInteger(value) ? `n${BigInt(value)}` : `n${value}`;
    default:
      if (value instanceof PyFloat) return pyEqualityKey(value.value === 0 ? 0 : value.value);
      return undefined;
  }
};

/** pydantic's list of expected values: `'a'`, `'a' or 1`, `'a', 'b' or 'c'`. */
export const expectedList = (values: readonly PyJson[]): string => {
  const shown = values.map((value) => pythonScalarRepr(value));
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}`;
};
