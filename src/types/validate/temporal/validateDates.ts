import { LAX, accepted, refused, type Outcome } from '../outcome.js';
import { floatOf, inputKind, intOf } from '../inputKind.js';
import { unreadableText } from '../laxScalars.js';
import { formatTime } from './formatTime.js';
import { parseDateOrTimestamp, parseDateTime } from './numericText.js';
import { parseDate, type CivilDate, type DateTime } from './parseDateText.js';
import { ParseFailure } from './textDigits.js';
import { clampI64, fromFloatTimestamp, fromTimestamp } from './unixTimestamp.js';

/**
 * `date` and `datetime` in pydantic's lax mode: text (a str, or bytes as they are) in RFC 3339
 * forms or as a unix timestamp, ints and floats as unix timestamps (UTC); bool and anything else
 * refused. Python's datetime has no year 0, which speedate reads: that is refused last.
 */

const YEAR_ZERO = 'year 0 is out of range';
const encoder = new TextEncoder();

const pad = (value: number, width: number): string => String(value).padStart(width, '0');
const formatDate = (date: CivilDate): string => `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;

/** The outcome of a parse: its value, or the failure that ended it (anything else propagates). */
const attempt = <T>(parse: () => T): T | ParseFailure => {
  try {
    return parse();
  } catch (failure) {
    if (failure instanceof ParseFailure) return failure;
    throw failure;
  }
};

/** The bytes of a text input; undefined for other inputs; an outcome when the text has no UTF-8 form. */
const textBytes = (input: unknown): Uint8Array | Outcome | undefined => {
  if (typeof input === 'string') return unreadableText(input) ?? encoder.encode(input);
  return inputKind(input) === 'bytes' ? (input as Uint8Array) : undefined;
};

/** A datetime from an int or float timestamp; undefined for other inputs. */
const fromNumber = (input: unknown): DateTime | ParseFailure | undefined => {
  const kind = inputKind(input);
  if (kind === 'int') return attempt(() => fromTimestamp(clampI64(intOf(input)), 0));
  if (kind === 'float') return attempt(() => fromFloatTimestamp(floatOf(input)));
  return undefined;
};

export const validateDatetime = (input: unknown): Outcome => {
  const failed = (reason: string): Outcome => refused('datetime_parsing', `Input should be a valid datetime, ${reason}`);
  const bytes = textBytes(input);
  let parsed: DateTime | ParseFailure | undefined;
  if (bytes instanceof Uint8Array) {
    parsed = attempt(() => parseDateTime(bytes));
    if (parsed instanceof ParseFailure) {
      // Text that is no datetime may be a date: its midnight, without an offset.
      const date = attempt(() => parseDateOrTimestamp(bytes));
      if (date instanceof ParseFailure) return refused('datetime_from_date_parsing', `Input should be a valid datetime or date, ${date.reason}`);
      parsed = { date, time: { hour: 0, minute: 0, second: 0, microsecond: 0, offset: undefined } };
    }
  } else if (bytes !== undefined) return bytes;
  else parsed = fromNumber(input);
  if (parsed === undefined) return refused('datetime_type', 'Input should be a valid datetime');
  if (parsed instanceof ParseFailure) return failed(parsed.reason);
  if (parsed.date.year === 0) return failed(YEAR_ZERO);
  return accepted(`${formatDate(parsed.date)}T${formatTime(parsed.time)}`, LAX);
};

export const validateDate = (input: unknown): Outcome => {
  const yearZero = (): Outcome => refused('date_parsing', `Input should be a valid date in the format YYYY-MM-DD, ${YEAR_ZERO}`);
  const bytes = textBytes(input);
  let parsed: DateTime | ParseFailure | undefined;
  if (bytes instanceof Uint8Array) {
    const date = attempt(() => parseDate(bytes));
    if (!(date instanceof ParseFailure)) return date.year === 0 ? yearZero() : accepted(formatDate(date), LAX);
    parsed = attempt(() => parseDateTime(bytes));
  } else if (bytes !== undefined) return bytes;
  else parsed = fromNumber(input);
  if (parsed === undefined) return refused('date_type', 'Input should be a valid date');
  if (parsed instanceof ParseFailure) return refused('date_from_datetime_parsing', `Input should be a valid date or datetime, ${parsed.reason}`);
  const { hour, minute, second, microsecond } = parsed.time;
  if (hour !== 0 || minute !== 0 || second !== 0 || microsecond !== 0) {
    return refused('date_from_datetime_inexact', 'Datetimes provided to dates should have zero time - e.g. be exact dates');
  }
  return parsed.date.year === 0 ? yearZero() : accepted(formatDate(parsed.date), LAX);
};
