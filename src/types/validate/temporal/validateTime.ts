import { LAX, accepted, refused, type Outcome } from '../outcome.js';
import { floatOf, inputKind, intOf } from '../inputKind.js';
import { unreadableText } from '../laxScalars.js';
import { formatTime } from './formatTime.js';
import { parseTime, type ClockTime } from './parseTimeText.js';
import { ParseFailure } from './textDigits.js';
import { NOT_A_NUMBER, TIME_TOO_LARGE, roundHalfAway } from './unixTimestamp.js';

const SECONDS_PER_DAY = 86400;
const NEGATIVE = 'time in seconds should be positive';

const failed = (reason: string): Outcome => refused('time_parsing', `Input should be in a valid time format, ${reason}`);

/** Seconds of the day (UTC) and microseconds as the time they name. */
const ofDaySecond = (daySecond: number, microsecond: number): ClockTime => ({
  hour: Math.floor(daySecond / 3600),
  minute: Math.floor((daySecond % 3600) / 60),
  second: daySecond % 60,
  microsecond,
  offset: 0,
});

/**
 * `time` in pydantic's lax mode: text (a str, or bytes as they are) as `HH:MM[:SS[.f]][Z|±HH[:]MM]`;
 * an int or float as seconds of the day in UTC (a float's fraction rounded to microseconds); bool
 * and anything else refused. The dump is `isoformat()`, a zero offset written `Z`.
 */
export const validateTime = (input: unknown): Outcome => {
  const kind = inputKind(input);
  if (kind === 'str' || kind === 'bytes') {
    const unreadable = unreadableText(input);
    if (unreadable) return unreadable;
    try {
      return accepted(formatTime(parseTime(typeof input === 'string' ? new TextEncoder().encode(input) : (input as Uint8Array))), LAX);
    } catch (failure) {
      if (failure instanceof ParseFailure) return failed(failure.reason);
      throw failure;
    }
  }
  if (kind === 'int') {
    const n = intOf(input);
    if (n < 0n) return failed(NEGATIVE);
    if (n >= BigInt(SECONDS_PER_DAY)) return failed(TIME_TOO_LARGE);
    return accepted(formatTime(ofDaySecond(Number(n), 0)), LAX);
  }
  if (kind === 'float') {
    const f = floatOf(input);
    if (Number.isNaN(f)) return failed(NOT_A_NUMBER);
    if (f < 0) return failed(NEGATIVE);
    let daySecond = Math.trunc(f);
    let microsecond = roundHalfAway((f - daySecond) * 1_000_000);
    if (microsecond >= 1_000_000) [daySecond, microsecond] = [daySecond + 1, microsecond - 1_000_000];
    if (!(daySecond < SECONDS_PER_DAY)) return failed(TIME_TOO_LARGE);
    return accepted(formatTime(ofDaySecond(daySecond, microsecond)), LAX);
  }
  return refused('time_type', 'Input should be a valid time');
};
