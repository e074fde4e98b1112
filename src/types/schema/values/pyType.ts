import { PyFloat, type PyJson } from '../../../json/pyJson.js';
import { pyEqualityKey } from './pyEquality.js';

export type PyTypeName = 'NoneType' | 'bool' | 'int' | 'float' | 'str' | 'list' | 'dict';

/** The Python type a JSON value stands for: a whole `number` or a `bigint` is an int, `PyFloat` a float. */
export const pyTypeName = (value: PyJson): PyTypeName => {
  if (value === null) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'number') return Number.isInteger(value) && !Object.is(value, -0) ? 'int' : 'float';
  if (value instanceof PyFloat) return 'float';
  return Array.isArray(value) ? 'list' : 'dict';
};

/** Equal for two values that `typing.Literal` counts as the same parameter: equal value and same type. */
export const literalValueKey = (value: PyJson): string => `${pyTypeName(value)}:${pyEqualityKey(value)}`;
