import { formatPyFloat } from './formatPyFloat.js';

/**
 * Python's `str()` of a number of the value model: a whole number is an int (its exact digits,
 * also beyond 2^53), any other number, `-0` included, a float in `repr` form (`0.1`, `1e-07`,
 * `1e+16`, `-0.0`, `nan`, `inf`).
 */
export const pyNumberText = (value: number): string => {
  if (Number.isInteger(value) && !Object.is(value, -0)) {
    return Number.isSafeInteger(value) ? String(value) : BigInt(value).toString();
  }
  return formatPyFloat(value);
};
