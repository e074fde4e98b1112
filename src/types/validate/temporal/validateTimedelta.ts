import { NotSupportedError, RangeOverflowError, untraced } from '../../../errors.js';
import { durationText } from '../../schema/values/pyDuration.js';
import { fitsI64, floatOf, inputKind, intOf } from '../inputKind.js';
import { unreadableText } from '../laxScalars.js';
import { LAX, accepted, refused, type Outcome } from '../outcome.js';
import { DAYS_TOO_LARGE, asU32, normalized, parseDuration, type Duration } from './parseDurationText.js';
import { ParseFailure } from './textDigits.js';
import { NOT_A_NUMBER } from './unixTimestamp.js';

/**
 * `timedelta` in pydantic's lax mode: text (a str, or bytes as they are) in speedate's duration
 * forms (`parseDurationText.ts`); an int (a bool as one) or a float as seconds; anything else
 * refused. The dump is pydantic's ISO 8601 duration (`durationText`).
 */

const U64_MAX = 2n ** 64n - 1n;
const MICROS_PER_SECOND = 1_000_000n;
const MICROS_PER_DAY = 86_400n * MICROS_PER_SECOND;
// Python's message when a negative duration reaches past `timedelta.min` (-999,999,999 days).
const PAST_MIN = 'days=-1000000000; must have magnitude <= 999999999';

/**
 * A JavaScript number that is whole may have been a Python int or a whole float. For a duration
 * the two differ past 2^32 days of seconds: pydantic-core wraps an int's days to 32 bits (some
 * land within range) where a float's saturate (always refused). Such a number is not read.
 */
export class IndistinctSecondsError extends NotSupportedError {}

const WRAP_SECONDS = 2 ** 32 * 86_400;

const isIndistinct = (input: unknown): boolean =>
  typeof input === 'number' && Number.isSafeInteger(input) && Math.abs(input) >= WRAP_SECONDS && Number(BigInt.asUintN(32, BigInt(Math.abs(input)) / 86_400n)) <= 999_999_999;

const failed = (reason: string): Outcome => refused('time_delta_parsing', `Input should be a valid timedelta, ${reason}`);

/** The duration of an int of seconds: whole days as a 32-bit unsigned int, which wraps, as pydantic-core casts them. */
const ofInt = (seconds: bigint): Duration => {
  const magnitude = seconds < 0n ? -seconds : seconds;
  const day = Number(BigInt.asUintN(32, magnitude / 86_400n));
  return normalized({ positive: seconds >= 0n, day, second: Number(magnitude % 86_400n), microsecond: 0 });
};

/** The duration of a float of seconds: days and seconds cast from the magnitude (saturating), the fraction rounded to microseconds. */
const ofFloat = (seconds: number): Duration => {
  const magnitude = Math.abs(seconds);
  const whole = Math.trunc(magnitude);
  const wholeU64 = Number.isFinite(whole) && BigInt(whole) < U64_MAX ? BigInt(whole) : U64_MAX;
  return normalized({
    positive: seconds >= 0,
    day: asU32(magnitude / 86_400),
    second: Number(wholeU64 % 86_400n),
    microsecond: asU32(Math.round((magnitude - whole) * 1_000_000)),
  });
};

/** What a parse gives: its duration, or the failure that ended it (anything else propagates). */
const attempt = (parse: () => Duration): Duration | ParseFailure => {
  try {
    return parse();
  } catch (failure) {
    if (failure instanceof ParseFailure) return failure;
    throw failure;
  }
};

const encoder = new TextEncoder();

const durationOf = (input: unknown): Duration | ParseFailure | Outcome => {
  switch (inputKind(input)) {
    case 'str':
      return unreadableText(input) ?? attempt(() => parseDuration(encoder.encode(input as string)));
    case 'bytes':
      return attempt(() => parseDuration(input as Uint8Array));
    case 'bool':
      return ofInt(input === true ? 1n : 0n);
    case 'int': {
      if (isIndistinct(input)) {
        throw untraced(() => new IndistinctSecondsError(`a whole number of seconds past 2^32 days (${String(input)}) reads differently as a Python int and float`, { code: 'TIMEDELTA_SECONDS_INDISTINCT' }));
      }
      const seconds = intOf(input);
      return fitsI64(seconds) ? attempt(() => ofInt(seconds)) : new ParseFailure(DAYS_TOO_LARGE);
    }
    case 'float': {
      const seconds = floatOf(input);
      return Number.isNaN(seconds) ? new ParseFailure(NOT_A_NUMBER) : attempt(() => ofFloat(seconds));
    }
    default:
      return refused('time_delta_type', 'Input should be a valid timedelta');
  }
};

/**
 * A duration as Python's `timedelta`, dumped. A negative one a second or less past 999,999,999
 * days is beyond `timedelta.min`: pydantic lets Python's `OverflowError` out bare, whatever
 * surrounds the field (a union stops there, other errors are dropped).
 */
export const validateTimedelta = (input: unknown): Outcome => {
  const duration = durationOf(input);
  if (duration instanceof ParseFailure) return failed(duration.reason);
  if (!('positive' in duration)) return duration;
  const { positive, day, second, microsecond } = duration;
  const magnitude = BigInt(day) * MICROS_PER_DAY + BigInt(second) * MICROS_PER_SECOND + BigInt(microsecond);
  if (!positive && magnitude > 999_999_999n * MICROS_PER_DAY) throw untraced(() => new RangeOverflowError(PAST_MIN, { code: 'TIMEDELTA_OVERFLOW' }));
  return accepted(durationText(positive ? magnitude : -magnitude), LAX);
};

/**
 * `validateTimedelta` for a value from a declaration's text, which the lossless reader keeps as
 * Python wrote it (`1.0` a `PyFloat`): a whole number there is an int, read as one even past
 * 2^32 days, where `validateTimedelta` cannot tell.
 */
export const validateDeclaredTimedelta = (input: unknown): Outcome =>
  validateTimedelta(typeof input === 'number' && Number.isSafeInteger(input) ? BigInt(input) : input);
