import { isPlainObject, objectEntries, type PyJson, type PyJsonObject } from '../../src/json/pyJson.js';

/** True for a JSON object of either representation (a Map from `parsePyJson`, or a plain object). */
export const isPyObject = (value: unknown): value is PyJsonObject => value instanceof Map || isPlainObject(value);

/** The value under `key` of a JSON object, or undefined when absent. */
export const getField = (object: PyJsonObject, key: string): PyJson | undefined =>
  object instanceof Map ? object.get(key) : Object.hasOwn(object, key) ? (object as Record<string, PyJson>)[key] : undefined;

/** The keys of a JSON object in their order. */
export const objectKeys = (object: PyJsonObject): string[] => [...objectEntries(object)].map(([key]) => key);

/** An ordered JSON object from entries, skipping those whose value is undefined. */
export const pyObject = (entries: readonly (readonly [string, PyJson | undefined])[]): Map<string, PyJson> => {
  const map = new Map<string, PyJson>();
  for (const [key, value] of entries) if (value !== undefined) map.set(key, value);
  return map;
};
