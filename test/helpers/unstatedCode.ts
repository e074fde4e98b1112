import type { PyJson } from '../../src/json/pyJson.js';

/** `actual` without the `code` of each error object, at any depth, whose `expected` counterpart states none: an error's code is optional in the protocol. */
export const withoutUnstatedCode = (actual: PyJson | undefined, expected: PyJson): PyJson | undefined => {
  if (Array.isArray(actual) && Array.isArray(expected) && actual.length === expected.length) return actual.map((a, i) => withoutUnstatedCode(a, expected[i]!)!);
  if (!(actual instanceof Map) || !(expected instanceof Map)) return actual;
  const kept = [...actual].filter(([key]) => key !== 'code' || expected.has('code') || !actual.has('message'));
  return new Map(kept.map(([key, value]) => [key, expected.has(key) ? withoutUnstatedCode(value, expected.get(key)!)! : value]));
};
