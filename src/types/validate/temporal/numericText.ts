import { parseDate, parseDateTimeText, type CivilDate, type DateTime } from './parseDateText.js';
import { fromFractionalText, fromTimestamp } from './unixTimestamp.js';

const FLOAT_TEXT = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;

/**
 * speedate's int text: an optional sign, then digits accumulated in a wrapping 64-bit int that
 * gives up at the first digit leaving it negative. The int, or the byte that stopped it.
 */
const readInt = (text: string): bigint | { stoppedAt: string | undefined } => {
  const body = text.length >= 2 && (text[0] === '-' || text[0] === '+') ? text.slice(1) : text;
  if (body === '') return { stoppedAt: undefined };
  let value = 0n;
  for (const ch of body) {
    if (ch < '0' || ch > '9') return { stoppedAt: ch };
    value = BigInt.asIntN(64, value * 10n + BigInt(ch.charCodeAt(0) - 0x30));
    if (value < 0n) return { stoppedAt: ch };
  }
  return text[0] === '-' ? -value : value;
};

const intFromText = (text: string): bigint | undefined => {
  const read = readInt(text);
  return typeof read === 'bigint' ? read : undefined;
};

// Only ASCII can be a number: any other byte fails both readers, as in speedate.
const latin = new TextDecoder('latin1');

/** A datetime from text: RFC 3339, else a unix timestamp (an int, or a number with a `.`). */
export const parseDateTime = (bytes: Uint8Array): DateTime => {
  try {
    return parseDateTimeText(bytes);
  } catch (failure) {
    const text = latin.decode(bytes);
    const read = readInt(text);
    if (typeof read === 'bigint') return fromTimestamp(read, 0);
    if (read.stoppedAt === '.' && FLOAT_TEXT.test(text)) return fromFractionalText(Number(text));
    throw failure;
  }
};

/** A date from text: exactly `YYYY-MM-DD`, else an int unix timestamp (its day). */
export const parseDateOrTimestamp = (bytes: Uint8Array): CivilDate => {
  try {
    return parseDate(bytes);
  } catch (failure) {
    const value = intFromText(latin.decode(bytes));
    if (value === undefined) throw failure;
    return fromTimestamp(value, 0).date;
  }
};
