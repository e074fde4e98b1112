import type { PyJson } from '../json/pyJson.js';

// The key order each plan part was read with, so that writing a plan back keeps the layout of
// the language that wrote it (Java puts `func_type` last, Python first). Parts built in this
// process have no entry and print in the canonical order.
const sourceOrder = new WeakMap<object, readonly string[]>();

export const rememberKeyOrder = (part: object, keys: readonly string[]): void => {
  sourceOrder.set(part, keys);
};

/** The fields of `part`, in the order they were read in when it was read, else as given. */
export const inSourceOrder = (part: object, fields: Map<string, PyJson>): Map<string, PyJson> => {
  const keys = sourceOrder.get(part);
  if (keys === undefined) return fields;
  const ordered = new Map<string, PyJson>();
  for (const key of keys) if (fields.has(key)) ordered.set(key, fields.get(key)!);
  for (const [key, value] of fields) if (!ordered.has(key)) ordered.set(key, value);
  return ordered;
};
