import { EXTRA, ParseFailure, TOO_SHORT, digit, isDigit, two } from './textDigits.js';

/**
 * A time read from text as speedate (behind pydantic-core) reads it: byte by byte over the UTF-8
 * form, each failure worded as speedate words it.
 */

export interface ClockTime {
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly microsecond: number;
  /** Offset from UTC in seconds; undefined for a naive time. */
  readonly offset: number | undefined;
}

// `HH:MM[:SS[.f…]]` from `start`; digits beyond the sixth of a fraction are dropped.
export const parseClock = (bytes: Uint8Array, start: number): { hour: number; minute: number; second: number; microsecond: number; end: number } => {
  if (bytes.length - start < 5) throw new ParseFailure(TOO_SHORT);
  const hour = two(bytes, start, 'invalid character in hour');
  if (bytes[start + 2] !== 0x3a) throw new ParseFailure('invalid time separator, expected `:`');
  const minute = two(bytes, start + 3, 'invalid character in minute');
  if (hour > 23) throw new ParseFailure('hour value is outside expected range of 0-23');
  if (minute > 59) throw new ParseFailure('minute value is outside expected range of 0-59');
  if (bytes[start + 5] !== 0x3a) return { hour, minute, second: 0, microsecond: 0, end: start + 5 };
  const second = two(bytes, start + 6, 'invalid character in second');
  if (second > 59) throw new ParseFailure('second value is outside expected range of 0-59');
  let end = start + 8;
  let microsecond = 0;
  if (bytes[end] === 0x2e || bytes[end] === 0x2c) {
    end++;
    let count = 0;
    while (isDigit(bytes[end + count])) {
      if (count < 6) microsecond = microsecond * 10 + bytes[end + count]! - 0x30;
      count++;
    }
    if (count === 0) throw new ParseFailure('second fraction digits missing after `.`');
    if (count < 6) microsecond *= 10 ** (6 - count);
    end += count;
  }
  return { hour, minute, second, microsecond, end };
};

// U+2212 MINUS SIGN in UTF-8: ISO 8601 allows it before a negative offset.
const MINUS_SIGN = [0xe2, 0x88, 0x92];

/** A time from `start` (after a datetime's date) to the end of the text, with an optional `Z` or `±HH[:]MM` offset. */
export const parseTime = (bytes: Uint8Array, start = 0): ClockTime => {
  const clock = parseClock(bytes, start);
  let at = clock.end;
  let offset: number | undefined;
  if (at < bytes.length) {
    const sign = bytes[at++];
    if (sign === 0x5a || sign === 0x7a) offset = 0;
    else {
      let direction: number;
      if (sign === 0x2b) direction = 1;
      else if (sign === 0x2d) direction = -1;
      else if (sign === MINUS_SIGN[0] && bytes[at] === MINUS_SIGN[1] && bytes[at + 1] === MINUS_SIGN[2]) [direction, at] = [-1, at + 2];
      else throw new ParseFailure('invalid timezone sign');
      const hours = two(bytes, at, 'invalid timezone hour');
      let m1: number;
      if (bytes[at + 2] === 0x3a) {
        at += 3;
        m1 = digit(bytes, at, 'invalid timezone minute');
      } else if (isDigit(bytes[at + 2])) {
        at += 2;
        m1 = bytes[at]! - 0x30;
      } else throw new ParseFailure('invalid timezone minute');
      const minutes = m1 * 10 + digit(bytes, at + 1, 'invalid timezone minute');
      if (minutes >= 60) throw new ParseFailure('timezone minute value is outside expected range of 0-59');
      offset = direction * (hours * 3600 + minutes * 60);
      if (Math.abs(offset) >= 86400) throw new ParseFailure('timezone offset must be less than 24 hours');
      at += 2;
    }
  }
  if (bytes.length > at) throw new ParseFailure(EXTRA);
  const { hour, minute, second, microsecond } = clock;
  return { hour, minute, second, microsecond, offset };
};
