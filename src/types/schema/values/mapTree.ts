import { isPlainObject, type PyJson } from '../../../json/pyJson.js';

/** The value with every plain object turned into a Map, so that schema code meets one object form. */
export const toMapTree = (value: PyJson): PyJson => {
  if (Array.isArray(value)) return (value as readonly PyJson[]).map(toMapTree);
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k, toMapTree(v)]));
  if (isPlainObject(value)) return new Map(Object.entries(value).map(([k, v]) => [k, toMapTree(v as PyJson)]));
  return value;
};
