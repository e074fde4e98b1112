import { PyFloat } from '../../json/pyJson.js';

/** The value is JSON-generic already: normalization may return it as it is. */
export const GENERIC = 1;
/** ...and `JSON.stringify` prints it as Python's `json.dumps` would, but for ASCII escaping. */
export const STRINGIFY_SAFE = 2;

/**
 * Nesting up to which the quick check needs no set of visited nodes (a cycle nests forever, so
 * it shows as depth), and up to which `JSON.stringify`, which recurses, may write the result.
 */
const DEPTH_LIMIT = 1000;

/**
 * Whether a number prints the same through `JSON.stringify` and Python: a safe int, not -0
 * (beyond 2^53 JavaScript prints the shortest digits that read back, where the value model
 * prints the integer the double holds), or a float no smaller than 1e-4 (below, Python switches
 * to exponent form first). Every non-integer double is below 2^53, where both agree.
 */
const printsAlike = (n: number): boolean =>
  Number.isInteger(n) ? Number.isSafeInteger(n) && (n !== 0 || 1 / n > 0) : Math.abs(n) >= 1e-4;

/**
 * One quick pass over a result, in no particular order, that says whether the common case holds:
 * only null, booleans, strings, finite numbers, bigints and `PyFloat`s, inside arrays without
 * holes and objects made by `{}` or `Object.create(null)`. Returns {@link GENERIC}, with
 * {@link STRINGIFY_SAFE} for a result nested at most {@link DEPTH_LIMIT} deep, or 0 when the
 * careful walk must decide (which then reports the first problem in walk order, or copies what
 * needs copying). Within the limit nodes reached twice (diamonds) are fine: they stay shared, and
 * mean the same JSON; past it, a node reached twice leaves the decision to the careful walk.
 */
export const inspectJsonGeneric = (raw: unknown): number => {
  const verdict = quickCheck(raw, undefined);
  // Past the depth limit, a second pass that tells cycles by the nodes it has seen keeps a deep
  // result that is JSON-generic from being copied; JSON.stringify cannot write it, though.
  return verdict === TOO_DEEP ? quickCheck(raw, new Set()) & GENERIC : verdict;
};

const TOO_DEEP = -1;

/** The pass itself: with `seen`, without a depth limit, and refusing any node met twice. */
const quickCheck = (raw: unknown, seen: Set<object> | undefined): number => {
  let verdict = GENERIC | STRINGIFY_SAFE;
  const values: unknown[] = [raw];
  const depths: number[] = [0];
  while (values.length > 0) {
    const value = values.pop();
    const depth = depths.pop()!;
    switch (typeof value) {
      case 'string':
      case 'boolean':
        continue;
      case 'number':
        if (value - value !== 0) return 0;
        if (!printsAlike(value)) verdict = GENERIC;
        continue;
      case 'bigint':
        verdict = GENERIC;
        continue;
      case 'object':
        break;
      default:
        return 0;
    }
    if (value === null) continue;
    if (seen === undefined) {
      if (depth === DEPTH_LIMIT) return TOO_DEEP;
    } else {
      if (seen.has(value)) return 0;
      seen.add(value);
    }
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        if (item === undefined) return 0;
        values.push(item);
        depths.push(depth + 1);
      }
      continue;
    }
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto === Object.prototype || proto === null) {
      // for-in is the fastest walk over keys; an enumerable key some code put on Object.prototype
      // would be met too, which can only send the value to the careful walk, never change a result.
      const record = value as Record<string, unknown>;
      for (const key in record) {
        values.push(record[key]);
        depths.push(depth + 1);
      }
      continue;
    }
    if (value instanceof PyFloat && value.value - value.value === 0) {
      verdict = GENERIC;
      continue;
    }
    return 0;
  }
  return verdict;
};
