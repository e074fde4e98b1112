import { PyFloat, type PyJson } from '../json/pyJson.js';
import { pyEqualityKey } from './pyEquality.js';

export type PyTypeName = 'NoneType' | 'bool' | 'int' | 'float' | 'str' | 'list' | 'dict';

/**
 * `type(v).__name__` of the Python counterpart of a value: a whole `number` or a `bigint` is an
 * int (`-0` a float, as the JSON writer prints it), a `PyFloat` a float, a Map or plain object a
 * dict, a function a function, an instance of a class its class name.
 */
export function pyTypeName(value: PyJson): PyTypeName;
export function pyTypeName(value: unknown): string;
export function pyTypeName(value: unknown): string {
  if (value === null || value === undefined) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'number') return Number.isInteger(value) && !Object.is(value, -0) ? 'int' : 'float';
  if (value instanceof PyFloat) return 'float';
  if (Array.isArray(value)) return 'list';
  if (value instanceof Map) return 'dict';
  if (typeof value === 'function') return 'function';
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && name !== 'Object' ? name : 'dict';
}

/** Equal for two values that `typing.Literal` counts as the same parameter: equal value and same type. */
export const literalValueKey = (value: PyJson): string => `${pyTypeName(value)}:${pyEqualityKey(value)}`;
