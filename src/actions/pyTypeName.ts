import { isPyFloat } from '../json/pyJson.js';

/** The type name Python's `type(x).__name__` gives the value's counterpart, for upstream messages. */
export const pyTypeName = (value: unknown): string => {
  if (value === null || value === undefined) return 'NoneType';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (isPyFloat(value)) return 'float';
  if (Array.isArray(value)) return 'list';
  if (value instanceof Map) return 'dict';
  if (typeof value === 'function') return 'function';
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && name !== 'Object' ? name : 'dict';
};
