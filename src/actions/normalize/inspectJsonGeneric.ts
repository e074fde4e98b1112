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
export const inspectJsonGeneric = (raw: unknown): number => quickJsonGeneric(raw) ?? deepJsonGeneric(raw);

/**
 * The first pass of {@link inspectJsonGeneric}, without a set of what it met: its traits, or
 * undefined for a result nested deeper than {@link DEPTH_LIMIT}. Mirrors `quick_json_generic`.
 */
export const quickJsonGeneric = (raw: unknown): number | undefined => {
  const traits = quickCheck(raw, undefined);
  return traits === TOO_DEEP ? undefined : traits;
};

/**
 * The second pass, for a result nested past the limit: it tells cycles by the nodes it has seen,
 * so that a deep result that is JSON-generic is not copied (JSON.stringify cannot write it, though),
 * and refuses any node met twice.
 */
const deepJsonGeneric = (raw: unknown): number => quickCheck(raw, new Set()) & GENERIC;

/**
 * Whether `JSON.stringify` prints the value as Python's `json.dumps` would, but for ASCII
 * escaping ({@link STRINGIFY_SAFE}). Rendering needs no more, so the pass gives up at the depth
 * limit instead of walking a deep value again with a set of what it has seen.
 */
export const isStringifySafe = (raw: unknown): boolean => {
  const traits = quickCheck(raw, undefined);
  return traits !== TOO_DEEP && (traits & STRINGIFY_SAFE) !== 0;
};

const TOO_DEEP = -1;
/** What {@link leafTraits} says of a container (or PyFloat), which goes on the stack to be looked at. */
const NODE = 4;
/** What {@link leafTraits} says of a value the careful walk must decide. */
const REFUSE = 8;

/**
 * A child judged where it is met, so that only containers go on the stack (most nodes are
 * leaves): the trait bits a leaf leaves, {@link NODE} or {@link REFUSE}. An array hole reads as
 * `undefined`, which is refused.
 */
const leafTraits = (value: unknown): number => {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return GENERIC | STRINGIFY_SAFE;
    case 'number':
      if (value - value !== 0) return REFUSE;
      return printsAlike(value) ? GENERIC | STRINGIFY_SAFE : GENERIC;
    case 'bigint':
      return GENERIC;
    case 'object':
      return value === null ? GENERIC | STRINGIFY_SAFE : NODE;
    default:
      return REFUSE;
  }
};

/** The pass itself: with `seen`, without a depth limit, and refusing any node met twice. */
const quickCheck = (raw: unknown, seen: Set<object> | undefined): number => {
  const rootTraits = leafTraits(raw);
  if (rootTraits !== NODE) return rootTraits === REFUSE ? 0 : rootTraits;
  let traits = GENERIC | STRINGIFY_SAFE;
  const nodes: object[] = [raw as object];
  const depths: number[] = [0];
  // A child met: a leaf folds into the traits, a container goes on the stack; false to refuse.
  const meet = (item: unknown, depth: number): boolean => {
    const itemTraits = leafTraits(item);
    if (itemTraits === REFUSE) return false;
    if (itemTraits === NODE) {
      nodes.push(item as object);
      depths.push(depth);
    } else {
      traits &= itemTraits;
    }
    return true;
  };
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    if (seen === undefined) {
      if (depth === DEPTH_LIMIT) return TOO_DEEP;
    } else {
      if (seen.has(node)) return 0;
      seen.add(node);
    }
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) if (!meet(node[i], depth + 1)) return 0;
      continue;
    }
    const proto: unknown = Object.getPrototypeOf(node);
    if (proto === Object.prototype || proto === null) {
      // for-in is the fastest walk over keys; an enumerable key some code put on Object.prototype
      // would be met too, which can only send the value to the careful walk, never change a result.
      const record = node as Record<string, unknown>;
      for (const key in record) if (!meet(record[key], depth + 1)) return 0;
      continue;
    }
    if (node instanceof PyFloat && node.value - node.value === 0) {
      traits &= GENERIC;
      continue;
    }
    return 0;
  }
  return traits;
};
