import type { PyJson } from '../../../json/pyJson.js';
import { comparePyStrings } from '../../../python/pyEquality.js';
import type { DefsRemapping, } from './defsNaming.js';
import type { DefsRef, JsonRef } from './jsonSchema.js';

// Keys directly under these keep the order they were made in.
const UNSORTED_PARENTS: ReadonlySet<string | undefined> = new Set(['properties', 'default']);

/**
 * The last two steps of pydantic's `generate`, in one pass over the schema:
 * - `remap_json_schema`: every string equal to a `$ref` being renamed is renamed, wherever it is
 *   (pydantic relies on no other string looking like one), and so are the keys of `$defs`;
 * - `sort`: every object's keys sorted by code point, except directly under a key named
 *   `properties` or `default` (so a property literally named `default` keeps the order its
 *   keywords were made in); a list passes its parent's key on to its items.
 */
export const remapAndSort = (value: PyJson, remapping: DefsRemapping, parentKey?: string): PyJson => {
  if (typeof value === 'string') return remapping.json.get(value as JsonRef) ?? value;
  if (Array.isArray(value)) return (value as readonly PyJson[]).map((item) => remapAndSort(item, remapping, parentKey));
  if (!(value instanceof Map)) return value;
  let entries = [...value];
  if (parentKey === '$defs') entries = entries.map(([key, item]) => [remapping.defs.get(key as DefsRef) ?? key, item]);
  if (!UNSORTED_PARENTS.has(parentKey)) entries.sort(([a], [b]) => comparePyStrings(a, b));
  return new Map(entries.map(([key, item]) => [key, remapAndSort(item, remapping, key)]));
};
