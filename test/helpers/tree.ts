import type { PyJson } from '../../src/json/pyJson.js';

/** A plain JavaScript value as the lossless tree the runtime reads: every object becomes a Map. */
export const tree = (value: unknown): PyJson => {
  if (Array.isArray(value)) return value.map(tree);
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return new Map(Object.entries(value).map(([k, v]) => [k, tree(v)]));
  }
  return value as PyJson;
};

export const obj = (value: Record<string, unknown>): Map<string, PyJson> => tree(value) as Map<string, PyJson>;
