import { PyFloat, type PyJson } from '../../src/json/pyJson.js';
import type { ProtocolCase } from '../serve/ops/index.js';

const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Whether `parsePyJson(writePyJson(value))` gives back `value` itself, node for node: the same
 * kinds (a Map is not a plain object, a whole `number` is not a `PyFloat`), the same Map key
 * order, the same numbers (`-0` and NaN included), and no container reached twice (the reader
 * would make two). Only then can a participant in the harness's process be handed the value
 * instead of its text and still see what a participant reading the text sees:
 * - Maps with string keys, dense arrays, strings, booleans and null;
 * - `number`s that are safe integers other than `-0` (any other number is written as a float,
 *   or as digits beyond the safe range, and read back as a `PyFloat` or a `bigint`);
 * - `PyFloat`s, and `bigint`s beyond the safe range (within it they are read back as numbers).
 * Plain objects, other numbers and anything JSON cannot write are not. No recursion.
 */
export const isWireNormal = (root: PyJson): boolean => {
  // A set and a stack of its own for every walk: one kept between walks would live long enough
  // to point at young values from the old generation, and keep them past their collection.
  const seen = new Set<object>();
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    switch (typeof value) {
      case 'string':
      case 'boolean':
        continue;
      case 'number':
        if (!Number.isSafeInteger(value) || Object.is(value, -0)) return false;
        continue;
      case 'bigint':
        if (value >= MIN_SAFE && value <= MAX_SAFE) return false;
        continue;
      case 'object': {
        if (value === null) continue;
        const proto: unknown = Object.getPrototypeOf(value);
        if (proto === PyFloat.prototype) continue;
        if (seen.has(value)) return false;
        seen.add(value);
        if (proto === Array.prototype) {
          const items = value as readonly unknown[];
          for (let i = 0; i < items.length; i++) {
            if (!(i in items)) return false;
            pending.push(items[i]);
          }
          continue;
        }
        if (proto !== Map.prototype) return false;
        for (const [key, item] of value as ReadonlyMap<unknown, unknown>) {
          if (typeof key !== 'string') return false;
          pending.push(item);
        }
        continue;
      }
      default:
        return false;
    }
  }
  return true;
};

const normalDeclarations = new WeakMap<object, boolean>();

/**
 * Whether a case reads back from its `run` line as it is (`isWireNormal` of its declaration and
 * its input). A declaration object is looked at once: cases share a few, and none is changed.
 */
export const isCaseWireNormal = (testCase: ProtocolCase): boolean => {
  const { declaration, input } = testCase;
  if (declaration !== undefined) {
    if (typeof declaration !== 'object' || declaration === null) {
      if (!isWireNormal(declaration)) return false;
    } else {
      let normal = normalDeclarations.get(declaration);
      if (normal === undefined) {
        normal = isWireNormal(declaration);
        normalDeclarations.set(declaration, normal);
      }
      if (!normal) return false;
    }
  }
  return input === undefined || isWireNormal(input);
};
