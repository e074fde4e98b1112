import { InvalidValueError } from '../errors.js';

/** CPython's default `sys.get_int_max_str_digits()`: the most decimal digits `str(int)` prints. */
export const PY_INT_MAX_STR_DIGITS = 4300;

const TOO_MANY_DIGITS = `Exceeds the limit (${PY_INT_MAX_STR_DIGITS} digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit`;

/**
 * Python's `str(n)` of an int, with its refusal (a `ValueError`) of more than 4,300 digits, the
 * sign not counted. Every text a normalized result renders to goes through it, so that both
 * runtimes refuse where upstream Python does.
 */
export const pyIntText = (value: bigint): string => {
  const text = value.toString();
  if (text.length - (value < 0n ? 1 : 0) > PY_INT_MAX_STR_DIGITS) throw new InvalidValueError(TOO_MANY_DIGITS, { code: 'INT_TOO_MANY_DIGITS' });
  return text;
};
