import type { PyJson } from '../json/pyJson.js';
import type { Constraints, PyNumber, TypeExpr } from './declaration.js';
import { msg } from './declarationMessages.js';
import {
  checkKnownKeys,
  childPath,
  expectObject,
  expectString,
  expected,
  fail,
  floatOf,
  isPyFloatValue,
  isPyInt,
  treeGet,
} from './declarationTree.js';
import { flattenUnion } from './typeExprKey.js';

type ConstraintKey = keyof Constraints;

/** The constraints in the order they are checked (pydantic's own order of `Field` metadata). */
export const CONSTRAINT_KEYS: readonly ConstraintKey[] = ['gt', 'ge', 'lt', 'le', 'multiple_of', 'min_length', 'max_length', 'pattern'];

const NUMERIC_TYPES = new Set(['int', 'float', 'decimal']);
const SIZED_TYPES = new Set(['str', 'bytes', 'list', 'set', 'frozenset', 'dict', 'tuple']);

// pydantic accepts a constraint on any type and renders it raw or drops it where it does not
// apply; the declaration refuses those instead of reproducing that.
const APPLIES_TO: Readonly<Record<ConstraintKey, ReadonlySet<string>>> = {
  gt: NUMERIC_TYPES,
  ge: NUMERIC_TYPES,
  lt: NUMERIC_TYPES,
  le: NUMERIC_TYPES,
  multiple_of: NUMERIC_TYPES,
  min_length: SIZED_TYPES,
  max_length: SIZED_TYPES,
  pattern: new Set(['str']),
};

/**
 * The type a constraint lands on: the type itself, or X for `Optional[X]` (pydantic puts the
 * constraint inside the X branch), or the member of a one-member union.
 */
export const constraintTarget = (expr: TypeExpr): TypeExpr => {
  if (expr.type !== 'union') return expr;
  const flat = flattenUnion(expr.members, '$').map(([member]) => member);
  const others = flat.filter((member) => member.type !== 'none');
  if (flat.length === 1 || (flat.length === 2 && others.length === 1)) return others[0] ?? flat[0]!;
  return expr;
};

const readNumber = (value: PyJson, path: string): PyNumber => {
  if (isPyInt(value)) return value;
  if (!isPyFloatValue(value)) return expected('a number', value, path);
  return Number.isFinite(floatOf(value)) ? value : fail(path, msg.nonFinite(value));
};

// pydantic-core reads a bound of an int as a 64-bit int: a float one must be whole and inside
// (-2**63, 2**63) (it refuses -2**63 itself as a float), or the class cannot be built.
const INT_BOUND = 2 ** 63;
const isIntBound = (value: PyNumber): boolean => {
  if (isPyInt(value)) return true;
  const f = floatOf(value);
  return Number.isInteger(f) && f > -INT_BOUND && f < INT_BOUND;
};

const isZero = (value: PyNumber): boolean => (isPyInt(value) ? BigInt(value as number | bigint) === 0n : floatOf(value) === 0);

const readLength = (value: PyJson, path: string): number =>
  isPyInt(value) && value >= 0 && value <= Number.MAX_SAFE_INTEGER
    ? Number(value)
    : expected('a non-negative integer below 2**53', value, path);

/** Reads a `constraints` object that applies to `target` (see `constraintTarget`). */
export const readConstraints = (node: PyJson, path: string, target: TypeExpr): Constraints => {
  const object = expectObject(node, path);
  checkKnownKeys(object, CONSTRAINT_KEYS, path, msg.unknownConstraint);
  const result: { -readonly [K in ConstraintKey]?: Constraints[K] } = {};
  for (const key of CONSTRAINT_KEYS) {
    const value = treeGet(object, key);
    if (value === undefined) continue;
    const keyPath = childPath(path, key);
    if (key === 'pattern') result.pattern = expectString(value, keyPath);
    else if (key === 'min_length' || key === 'max_length') result[key] = readLength(value, keyPath);
    else result[key] = readNumber(value, keyPath);
    if (!APPLIES_TO[key].has(target.type)) fail(keyPath, msg.constraintNotApplicable(key, target.type));
    const number = result[key as 'gt' | 'ge' | 'lt' | 'le' | 'multiple_of'];
    if (number === undefined) continue;
    // Checking a multiple of 0 divides by zero (pydantic-core panics, Decimal raises).
    if (key === 'multiple_of' && isZero(number)) fail(keyPath, msg.multipleOfZero());
    if (target.type === 'int' && !isIntBound(number)) fail(keyPath, msg.intConstraint(key, number));
  }
  return result;
};
