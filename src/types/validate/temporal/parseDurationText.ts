import { parseClock } from './parseTimeText.js';
import { EXTRA, ParseFailure, TOO_SHORT, isDigit } from './textDigits.js';

/**
 * Durations in text, read as the speedate inside pydantic-core 2.46 reads them (measured against
 * it: its published sources differ): byte by byte over the UTF-8 form, in 32-bit unsigned parts,
 * each failure worded as speedate words it. Three forms after an optional `+` or `-`:
 * - `P…`: ISO 8601 quantities `Y` (365 days), `M` (30), `W`, `D`, then after `T` `H`, `M`, `S`,
 *   in any order and repeated, only the last with a fraction (`.` or `,`);
 * - text holding a `d` or `D`, or shorter than 5 bytes: `N d[ay[s]][,][ ][clock]`;
 * - else a clock of any number of hours: `H…H:MM[:SS[.ffffff]]`.
 */

export interface Duration {
  readonly positive: boolean;
  readonly day: number;
  readonly second: number;
  readonly microsecond: number;
}

type Parts = Omit<Duration, 'positive'>;

const U32_MAX = 0xffff_ffff;
const MAX_DAYS = 999_999_999;
// The most hours the clock form takes: 24 * 10^8.
const MAX_HOURS = 2_400_000_000;
// Past its hours, a clock is read from `00:` and what follows, cut to `00:00:00.000000`'s length.
const CLOCK_BYTES = 15;

export const DAYS_TOO_LARGE = 'durations may not exceed 999,999,999 days';
const VALUE_TOO_LARGE = 'a numeric value in the duration is too large';
const HOURS_TOO_LARGE = 'durations may not exceed 999,999,999 hours';
const INVALID_NUMBER = 'invalid digit in duration';
const INVALID_DAYS = '"day" identifier in duration not correctly formatted';
const INVALID_HOUR = 'invalid character in hour';

const [PLUS, MINUS, COLON, SPACE, COMMA, DOT] = [0x2b, 0x2d, 0x3a, 0x20, 0x2c, 0x2e];
const byteOf = (ch: string): number => ch.charCodeAt(0);

/** A sum or product of 32-bit unsigned parts, refused past their range. */
const checked = (value: number): number => {
  if (value > U32_MAX) throw new ParseFailure(VALUE_TOO_LARGE);
  return value;
};

/** A float cast to a 32-bit unsigned int as Rust's `as u32` does: toward zero, saturating, NaN to 0. */
export const asU32 = (value: number): number => (Number.isNaN(value) ? 0 : Math.min(Math.max(Math.trunc(value), 0), U32_MAX));

/** Digits from `at` as an unsigned 32-bit int; the first must be a digit. */
const readNumber = (bytes: Uint8Array, at: number): { value: number; end: number } => {
  if (!isDigit(bytes[at])) throw new ParseFailure(INVALID_NUMBER);
  let value = 0;
  let end = at;
  while (isDigit(bytes[end])) value = checked(value * 10 + bytes[end++]! - 0x30);
  return { value, end };
};

/** A number with an optional fraction after `.` or `,` (digits summed in floats, as there). */
const readQuantity = (bytes: Uint8Array, at: number): { value: number; fraction: number | undefined; end: number } => {
  const { value, end } = readNumber(bytes, at);
  if (bytes[end] !== DOT && bytes[end] !== COMMA) return { value, fraction: undefined, end };
  let [decimal, denominator, position] = [0, 1, end + 1];
  while (isDigit(bytes[position])) {
    decimal = decimal * 10 + (bytes[position++]! - 0x30);
    denominator *= 10;
  }
  return { value, fraction: decimal / denominator, end: position };
};

const DATE_UNITS: Readonly<Record<number, number>> = { [byteOf('Y')]: 365, [byteOf('M')]: 30, [byteOf('W')]: 7, [byteOf('D')]: 1 };
const TIME_UNITS: Readonly<Record<number, number>> = { [byteOf('H')]: 3600, [byteOf('M')]: 60, [byteOf('S')]: 1 };

const parseIso = (bytes: Uint8Array, start: number): Parts => {
  let [inTime, afterFraction, position, day, second, microsecond] = [false, false, start, 0, 0, 0];
  for (; position < bytes.length; position++) {
    if (bytes[position] === byteOf('T')) {
      if (inTime) throw new ParseFailure('`t` character repeated in duration');
      inTime = true;
      continue;
    }
    const { value, fraction, end } = readQuantity(bytes, position);
    if (afterFraction) throw new ParseFailure('quantity fraction invalid in duration');
    afterFraction = fraction !== undefined;
    position = end;
    const mult = (inTime ? TIME_UNITS : DATE_UNITS)[bytes[position] ?? -1];
    if (mult === undefined) throw new ParseFailure(`quantity invalid in ${inTime ? 'time' : 'date'} part of duration`);
    if (inTime) {
      second = checked(second + checked(mult * value));
      if (fraction !== undefined) {
        const extra = fraction * mult;
        second = checked(second + asU32(extra));
        microsecond = checked(microsecond + asU32(Math.round((extra - Math.trunc(extra)) * 1_000_000)));
      }
    } else {
      day = checked(day + checked(value * mult));
      if (fraction !== undefined) {
        const extraDays = fraction * mult;
        day = checked(day + asU32(extraDays));
        const extraSeconds = (extraDays - Math.trunc(extraDays)) * 86_400;
        second = checked(second + asU32(extraSeconds));
        microsecond += asU32(Math.round((extraSeconds - Math.trunc(extraSeconds)) * 1_000_000));
      }
    }
  }
  if (position - start < 2) throw new ParseFailure(TOO_SHORT);
  return { day, second, microsecond };
};

/** `H…H:MM[:SS[.f]]` from `start`; after a day count the hours must stay below 24. */
const parseHoursClock = (bytes: Uint8Array, start: number, afterDays: boolean): Parts => {
  if (bytes.length - start < 5) throw new ParseFailure(TOO_SHORT);
  const colon = bytes.indexOf(COLON, start);
  if (colon < 0) throw new ParseFailure(INVALID_HOUR);
  if (colon - start > 10) throw new ParseFailure(HOURS_TOO_LARGE);
  let hours = 0;
  for (let at = start; at < colon; at++) {
    if (!isDigit(bytes[at])) throw new ParseFailure(INVALID_HOUR);
    hours = hours * 10 + bytes[at]! - 0x30;
  }
  if (hours > MAX_HOURS) throw new ParseFailure(HOURS_TOO_LARGE);
  const rest = bytes.subarray(colon + 1, colon + 1 + CLOCK_BYTES - 3);
  const clock = new Uint8Array(3 + rest.length);
  clock.set([0x30, 0x30, COLON]);
  clock.set(rest, 3);
  const time = parseClock(clock, 0);
  if (clock.length > time.end) throw new ParseFailure(EXTRA);
  if (afterDays && hours > 23) throw new ParseFailure(HOURS_TOO_LARGE);
  return {
    day: Math.floor(hours / 24),
    second: time.minute * 60 + time.second + (hours % 24) * 3600,
    microsecond: time.microsecond,
  };
};

const isLetter = (byte: number | undefined, letter: string): boolean => byte === byteOf(letter);

/** `N d[ay[s]][,][ ][clock]`: `d` or `D`, then `ay`/`ays` or `AY`/`AYS`, each part optional as written. */
const parseDays = (bytes: Uint8Array, start: number): Parts => {
  if (start >= bytes.length) throw new ParseFailure(TOO_SHORT);
  const { value: day, end } = readNumber(bytes, start);
  let position = end;
  if (bytes[position] === SPACE) position++;
  else if (!isLetter(bytes[position], 'd') && !isLetter(bytes[position], 'D')) throw new ParseFailure(INVALID_DAYS);
  if (!isLetter(bytes[position], 'd') && !isLetter(bytes[position], 'D')) throw new ParseFailure(INVALID_DAYS);
  position++;
  const daysOnly: Parts = { day, second: 0, microsecond: 0 };
  for (const [a, y, s] of ['ays', 'AYS']) {
    if (!isLetter(bytes[position], a!)) continue;
    if (!isLetter(bytes[position + 1], y!)) throw new ParseFailure(INVALID_DAYS);
    if (position + 2 >= bytes.length) return daysOnly;
    position += isLetter(bytes[position + 2], s!) ? 3 : 2;
    break;
  }
  for (const optional of [COMMA, SPACE]) {
    if (position >= bytes.length) return daysOnly;
    if (bytes[position] === optional) position++;
  }
  if (position >= bytes.length) return daysOnly;
  const clock = parseHoursClock(bytes, position, true);
  return { day, second: clock.second, microsecond: clock.microsecond };
};

/** Microseconds carried into seconds and seconds into days; at most 999,999,999 days. */
export const normalized = (duration: Duration): Duration => {
  let { day, second, microsecond } = duration;
  if (microsecond >= 1_000_000) [second, microsecond] = [checked(second + Math.floor(microsecond / 1_000_000)), microsecond % 1_000_000];
  if (second >= 86_400) [day, second] = [checked(day + Math.floor(second / 86_400)), second % 86_400];
  if (day > MAX_DAYS) throw new ParseFailure(DAYS_TOO_LARGE);
  return { positive: duration.positive, day, second, microsecond };
};

const DAY_LETTERS = [byteOf('d'), byteOf('D')];

export const parseDuration = (bytes: Uint8Array): Duration => {
  if (bytes.length === 0) throw new ParseFailure(TOO_SHORT);
  const signed = bytes[0] === PLUS || bytes[0] === MINUS;
  const start = signed ? 1 : 0;
  let parts: Parts;
  if (bytes[start] === byteOf('P')) parts = parseIso(bytes, start + 1);
  else if (bytes.some((byte) => DAY_LETTERS.includes(byte)) || bytes.length - start < 5) parts = parseDays(bytes, start);
  else parts = parseHoursClock(bytes, start, false);
  return normalized({ positive: bytes[0] !== MINUS, ...parts });
};
