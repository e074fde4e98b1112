import { type ClockTime, parseTime } from './parseTimeText.js';
import { EXTRA, ParseFailure, TOO_SHORT, two } from './textDigits.js';

/** Dates and datetimes in RFC 3339 text, read as speedate reads them (byte by byte over UTF-8). */

export interface CivilDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

export interface DateTime {
  readonly date: CivilDate;
  readonly time: ClockTime;
}

const DATE_SEP = 'invalid date separator, expected `-`';

const isLeapYear = (year: number): boolean => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

const daysInMonth = (year: number, month: number): number =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/** `YYYY-MM-DD` at the start of the text (year 0 included: Python refuses it later). */
const parseDatePrefix = (bytes: Uint8Array): CivilDate => {
  if (bytes.length < 10) throw new ParseFailure(TOO_SHORT);
  const year = two(bytes, 0, 'invalid character in year') * 100 + two(bytes, 2, 'invalid character in year');
  if (bytes[4] !== 0x2d) throw new ParseFailure(DATE_SEP);
  const month = two(bytes, 5, 'invalid character in month');
  if (bytes[7] !== 0x2d) throw new ParseFailure(DATE_SEP);
  const day = two(bytes, 8, 'invalid character in day');
  if (month < 1 || month > 12) throw new ParseFailure('month value is outside expected range of 1-12');
  if (day < 1 || day > daysInMonth(year, month)) throw new ParseFailure('day value is outside expected range');
  return { year, month, day };
};

/** Exactly `YYYY-MM-DD`. */
export const parseDate = (bytes: Uint8Array): CivilDate => {
  const date = parseDatePrefix(bytes);
  if (bytes.length > 10) throw new ParseFailure(EXTRA);
  return date;
};

const SEPARATORS = new Set([0x54, 0x74, 0x20, 0x5f]);

/** `YYYY-MM-DD`, then `T`, `t`, space or `_`, then a time. */
export const parseDateTimeText = (bytes: Uint8Array): DateTime => {
  const date = parseDatePrefix(bytes);
  if (!SEPARATORS.has(bytes[10] ?? -1)) throw new ParseFailure('invalid datetime separator, expected `T`, `t`, `_` or space');
  return { date, time: parseTime(bytes, 11) };
};
