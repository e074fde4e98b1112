import { PyFloat } from '../json/pyJson.js';

/**
 * The type of a value as Python names the corresponding value (`type(v).__name__`), so that
 * messages naming a JSON-like value read the same in both languages; a class instance gives its
 * class name.
 */
export const pythonTypeName = (value: unknown): string => {
  if (value === null || value === undefined) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'bigint') return 'int';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (value instanceof PyFloat) return 'float';
  if (Array.isArray(value)) return 'list';
  if (value instanceof Map) return 'dict';
  if (typeof value === 'function') return 'function';
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) return 'dict';
  return (value as object).constructor.name;
};
