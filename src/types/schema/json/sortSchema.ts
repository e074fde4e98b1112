import type { PyJson } from '../../../json/pyJson.js';
import { comparePyStrings } from '../values/pyEquality.js';

// Keys directly under these keep the order they were made in.
const UNSORTED_PARENTS: ReadonlySet<string | undefined> = new Set(['properties', 'default']);

/**
 * pydantic's `GenerateJsonSchema.sort`: every object's keys sorted by code point, except directly
 * under a key named `properties` or `default` (so a property literally named `default` keeps the
 * order its keywords were made in). A list passes its parent's key on to its items.
 */
export const sortSchema = (value: PyJson, parentKey?: string): PyJson => {
  if (Array.isArray(value)) return (value as readonly PyJson[]).map((item) => sortSchema(item, parentKey));
  if (!(value instanceof Map)) return value;
  const keys = [...value.keys()];
  if (!UNSORTED_PARENTS.has(parentKey)) keys.sort(comparePyStrings);
  return new Map(keys.map((key) => [key, sortSchema(value.get(key)!, key)]));
};
