import { formatPyFloat } from '../python/formatPyFloat.js';
import type { PyFloat } from '../json/pyJson.js';
import { floatOf, isPyInt } from './declarationTree.js';

/** A JSON scalar of the value model. */
export type Scalar = null | boolean | string | number | bigint | PyFloat;

const integral = (value: number): string => BigInt(value).toString();

/**
 * Equal keys for scalars that Python's `==` (and so a set or an enum's value lookup) treats as
 * one value: `1`, `1.0` and `True` are the same; `"1"` is not. Only finite numbers come here.
 */
export const equalityKey = (value: Scalar): string => {
  if (value === null) return 'null';
  if (typeof value === 'string') return `s:${value}`;
  if (typeof value === 'boolean') return `n:${value ? 1 : 0}`;
  if (isPyInt(value)) return `n:${value.toString()}`;
  const number = floatOf(value);
  return Number.isInteger(number) ? `n:${integral(number)}` : `f:${formatPyFloat(number)}`;
};

/**
 * Equal keys for literal values that `typing.Literal` treats as one: the same value of the same
 * type (`Literal[1, True, 1.0]` has three values, `Literal[0.0, -0.0]` one).
 */
export const typedKey = (value: Scalar): string => {
  if (value === null) return 'null';
  if (typeof value === 'string') return `s:${value}`;
  if (typeof value === 'boolean') return `b:${value}`;
  if (isPyInt(value)) return `i:${value.toString()}`;
  const number = floatOf(value);
  return `f:${formatPyFloat(number === 0 ? 0 : number)}`;
};
