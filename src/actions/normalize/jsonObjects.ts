import type { PyJson } from '../../json/pyJson.js';

const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;

/**
 * Whether a plain object would move this key to the front: JavaScript lists keys that are array
 * indices (`"0"` to `"4294967294"`) before all others, in numeric order.
 */
export const isArrayIndexKey = (key: string): boolean => {
  const first = key.charCodeAt(0);
  return first >= 48 && first <= 57 && ARRAY_INDEX.test(key) && Number(key) < 4294967295;
};

/** Whether a value is an object made by `{}` or `Object.create(null)`. */
export const isPlainRecord = (value: object): value is Record<string, unknown> => {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * Sets an own data property. Plain assignment of `__proto__` would replace the prototype
 * instead, so that one key is defined; every other key is assigned, which is faster.
 */
export const setOwn = (target: Record<string, PyJson>, key: string, value: PyJson): void => {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    target[key] = value;
  }
};

/**
 * A JSON object from entries in order: a plain object, or a Map when a plain object would
 * reorder its keys (Python keeps them as written).
 */
export const objectFromEntries = (entries: readonly (readonly [string, PyJson])[]): PyJson => {
  if (entries.some(([key]) => isArrayIndexKey(key))) return new Map(entries);
  const out: Record<string, PyJson> = {};
  for (const [key, value] of entries) setOwn(out, key, value);
  return out;
};
