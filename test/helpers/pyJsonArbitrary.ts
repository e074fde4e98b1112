import fc from 'fast-check';
import { PyFloat, type PyJson } from '../../src/json/pyJson.js';

/**
 * Lossless JSON trees of every kind the value model holds, and some it holds but a reader never
 * gives back (plain objects, non-integer and unsafe `number`s, `-0`, safe `bigint`s, holes, a
 * node reached twice): what the wire-normal check must tell apart.
 */
export const pyJsonArbitrary: fc.Arbitrary<PyJson> = fc.letrec<{ node: PyJson }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    { weight: 6, arbitrary: fc.oneof(fc.constant(null), fc.boolean(), fc.string({ unit: 'binary', maxLength: 6 }), fc.integer({ min: -1000, max: 1000 })) },
    { weight: 1, arbitrary: fc.constantFrom<PyJson>(-0, 2.5, 1e21, Number.MAX_SAFE_INTEGER, 2 ** 53, 3n, 2n ** 64n, -(2n ** 60n)) },
    { weight: 2, arbitrary: fc.double().map((d) => new PyFloat(d)) },
    { weight: 2, arbitrary: fc.array(tie('node'), { maxLength: 4 }) },
    { weight: 2, arbitrary: fc.array(fc.tuple(fc.string({ maxLength: 3 }), tie('node')), { maxLength: 4 }).map((entries) => new Map(entries)) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 3 }), tie('node'), { maxKeys: 2 }) as fc.Arbitrary<PyJson> },
    { weight: 1, arbitrary: tie('node').map((shared) => [shared, shared]) },
    // eslint-disable-next-line no-sparse-arrays
    { weight: 1, arbitrary: tie('node').map((item) => [item, , item] as PyJson) },
  ),
})).node;

/** Whether two trees are the same node for node: the same kinds, key order and numbers (`-0`, NaN). */
export const sameTree = (a: unknown, b: unknown): boolean => {
  if (typeof a !== typeof b) return false;
  if (typeof a === 'number') return Object.is(a, b);
  if (typeof a !== 'object' || a === null || b === null) return a === b;
  const proto: unknown = Object.getPrototypeOf(a);
  if (proto !== Object.getPrototypeOf(b)) return false;
  if (a instanceof PyFloat) return Object.is(a.value, (b as PyFloat).value);
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => i in other && sameTree(item, other[i]));
  }
  const left = a instanceof Map ? [...a] : Object.entries(a);
  const right = b instanceof Map ? [...b] : Object.entries(b as object);
  return left.length === right.length && left.every(([key, value], i) => key === right[i]![0] && sameTree(value, right[i]![1]));
};
