import type { CivilDate, DateTime } from './parseDateText.js';
import { ParseFailure } from './textDigits.js';

/**
 * Unix timestamps as speedate reads them: seconds, or milliseconds when the magnitude is above
 * 2e10; the result is in UTC. Arithmetic is on 64-bit ints, as there.
 */

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;
const MS_WATERSHED = 20_000_000_000;
const FIRST_SECOND = -62_167_219_200n; // 0000-01-01T00:00:00
const END_SECOND = 253_402_300_800n; // 10000-01-01T00:00:00

export const NOT_A_NUMBER = 'NaN values not permitted';
export const TIME_TOO_LARGE = 'numeric times may not exceed 86,399 seconds';

/** A float turned into a 64-bit int as Rust's `as i64` does: toward zero, saturating, NaN to 0. */
const saturatingI64 = (value: number): bigint => {
  if (Number.isNaN(value)) return 0n;
  if (value >= 2 ** 63) return I64_MAX;
  if (value < -(2 ** 63)) return I64_MIN;
  return BigInt(Math.trunc(value));
};

/** Rust's `f64::round` (half away from zero). */
export const roundHalfAway = (value: number): number => Math.sign(value) * Math.round(Math.abs(value));

// `round()` then `as u32`: saturating, NaN to 0.
const roundU32 = (value: number): number => (Number.isNaN(value) ? 0 : Math.min(Math.max(roundHalfAway(value), 0), 0xffff_ffff));

/** An int input clamped to the 64-bit range: pydantic-core reads a bigger one as the nearest bound. */
export const clampI64 = (value: bigint): bigint => (value > I64_MAX ? I64_MAX : value < I64_MIN ? I64_MIN : value);

// Days since 1970-01-01 to a civil date (proleptic Gregorian).
const civilFromDays = (days: number): CivilDate => {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day: dayOfYear - Math.floor((153 * mp + 2) / 5) + 1 };
};

/** The UTC datetime of a timestamp (seconds, or milliseconds above the watershed) plus microseconds. */
export const fromTimestamp = (timestamp: bigint, extraMicroseconds: number): DateTime => {
  if (timestamp === I64_MIN) throw new ParseFailure(TOO_SMALL);
  let seconds = timestamp;
  let micro = 0n;
  if ((timestamp < 0n ? -timestamp : timestamp) > BigInt(MS_WATERSHED)) {
    seconds = timestamp / 1000n;
    micro = (timestamp % 1000n) * 1000n;
    if (micro < 0n) [seconds, micro] = [seconds - 1n, micro + 1_000_000n];
  }
  let total = micro + BigInt(extraMicroseconds);
  // speedate adds the two as 32-bit unsigned ints.
  if (total > 0xffff_ffffn) throw new ParseFailure(TIME_TOO_LARGE);
  if (total >= 1_000_000n) [seconds, total] = [seconds + total / 1_000_000n, total % 1_000_000n];
  if (seconds < FIRST_SECOND) throw new ParseFailure(TOO_SMALL);
  if (seconds >= END_SECOND) throw new ParseFailure(TOO_LARGE);
  const days = Number(seconds >= 0n ? seconds / 86400n : -((-seconds + 86399n) / 86400n));
  const daySecond = Number(seconds - BigInt(days) * 86400n);
  return {
    date: civilFromDays(days),
    time: { hour: Math.floor(daySecond / 3600), minute: Math.floor((daySecond % 3600) / 60), second: daySecond % 60, microsecond: Number(total), offset: 0 },
  };
};

const TOO_SMALL = 'dates before 0000 are not supported as unix timestamps';
const TOO_LARGE = 'dates after 9999 are not supported as unix timestamps';

/**
 * pydantic-core's float timestamp: the floor, plus the fraction's magnitude in whole microseconds
 * (whole milliseconds' microseconds when the value is read as milliseconds).
 */
export const fromFloatTimestamp = (value: number): DateTime => {
  if (Number.isNaN(value)) throw new ParseFailure(NOT_A_NUMBER);
  const fraction = Math.abs(value - Math.trunc(value));
  const scale = Math.abs(value) > MS_WATERSHED ? 1000 : 1_000_000;
  return fromTimestamp(saturatingI64(Math.floor(value)), roundU32(fraction * scale));
};

/** speedate's timestamp text with a fraction: milliseconds above the watershed are scaled to seconds first. */
export const fromFractionalText = (value: number): DateTime => {
  const normalized = Math.abs(value) > MS_WATERSHED ? value / 1000 : value;
  const seconds = saturatingI64(Math.floor(normalized));
  return fromTimestamp(seconds, roundU32((normalized - Number(seconds)) * 1_000_000));
};
