import { formatPyFloat } from '../../python/formatPyFloat.js';
import { LAX, accepted, refused, type Outcome } from './outcome.js';
import { floatOf, inputKind, intOf } from './inputKind.js';
import { unreadableText } from './laxScalars.js';

const DECIMAL_TEXT = /^([+-]?)(?:(\d+(?:_\d+)*)(?:\.(\d+(?:_\d+)*)?)?|\.(\d+(?:_\d+)*))(?:[eE]([+-]?\d+))?$/;
const NOT_FINITE = /^[+-]?(?:inf|infinity|s?nan)$/i;
const SPACE = /^[\s]+|[\s]+$/g;

/** Python's `str(Decimal)`: plain notation while the exponent is at most 0 and the value not below 1e-6, else scientific. */
export const decimalText = (negative: boolean, coefficient: bigint, exponent: number): string => {
  const digits = coefficient.toString();
  const leftDigits = exponent + digits.length;
  const dot = exponent <= 0 && leftDigits > -6 ? leftDigits : 1;
  let body: string;
  if (dot <= 0) body = `0.${'0'.repeat(-dot)}${digits}`;
  else if (dot >= digits.length) body = `${digits}${'0'.repeat(dot - digits.length)}`;
  else body = `${digits.slice(0, dot)}.${digits.slice(dot)}`;
  const shownExponent = leftDigits === dot ? '' : `E${leftDigits - dot >= 0 ? '+' : ''}${leftDigits - dot}`;
  return `${negative ? '-' : ''}${body}${shownExponent}`;
};

/** A decimal read from text as `Decimal(text)` reads it; undefined when it is not one. */
const decimalFromText = (text: string): { text: string } | 'not-finite' | undefined => {
  const source = text.replace(SPACE, '');
  if (NOT_FINITE.test(source)) return 'not-finite';
  const match = DECIMAL_TEXT.exec(source);
  if (match === null) return undefined;
  const [, sign, whole = '', fraction = '', onlyFraction, exponent = '0'] = match;
  const fractionDigits = (onlyFraction ?? fraction).replace(/_/g, '');
  const coefficient = BigInt(`${whole.replace(/_/g, '')}${fractionDigits}` || '0');
  return { text: decimalText(sign === '-', coefficient, Number(exponent) - fractionDigits.length) };
};

/**
 * `Decimal`: an int, a float (through its repr, as `Decimal(str(f))`), or text in Python's decimal
 * syntax; infinities and NaN are refused. The dump is `str(Decimal)`.
 */
export const validateDecimal = (input: unknown): Outcome => {
  const kind = inputKind(input);
  if (kind === 'int') {
    const n = intOf(input);
    return accepted(decimalText(n < 0n, n < 0n ? -n : n, 0), LAX);
  }
  const unreadable = unreadableText(input);
  if (unreadable) return unreadable;
  if (kind === 'float' || kind === 'str') {
    const text = kind === 'float' ? formatPyFloat(floatOf(input)) : (input as string);
    const parsed = decimalFromText(kind === 'float' && !Number.isFinite(floatOf(input)) ? 'nan' : text);
    if (parsed === 'not-finite') return refused('finite_number', 'Input should be a finite number');
    if (parsed === undefined) return refused('decimal_parsing', 'Input should be a valid decimal');
    return accepted(parsed.text, LAX);
  }
  return refused('decimal_type', 'Decimal input should be an integer, float, string or Decimal object');
};

const HEX = /^[0-9a-fA-F]$/;
const GROUPS = [8, 4, 4, 4, 12];

const uuidText = (hex: string): string => {
  const h = hex.toLowerCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

/**
 * The UUID a string holds (hyphenated, 32 hex digits, `{braced}` or `urn:uuid:`), or the reason it
 * does not, worded as the uuid crate behind pydantic words it (positions count UTF-8 bytes from 1).
 */
const readUuid = (text: string): { uuid: string } | { reason: string } => {
  let body = text;
  let offset = 0;
  let hyphenatedOnly = false;
  if (body.startsWith('urn:uuid:')) [body, offset, hyphenatedOnly] = [body.slice(9), 9, true];
  else if (body.startsWith('{') && body.endsWith('}') && body.length >= 2) [body, offset, hyphenatedOnly] = [body.slice(1, -1), 1, true];
  let position = offset;
  for (const ch of body) {
    if (ch !== '-' && !HEX.test(ch)) return { reason: `invalid character: found \`${ch}\` at ${position + 1}` };
    position += Buffer.byteLength(ch);
  }
  const groups = body.split('-');
  if (groups.length === 1 && !hyphenatedOnly) {
    return body.length === 32 ? { uuid: uuidText(body) } : { reason: `invalid length: expected length 32 for simple format, found ${body.length}` };
  }
  if (groups.length !== 5) return { reason: `invalid group count: expected 5, found ${groups.length}` };
  const wrong = GROUPS.findIndex((length, i) => groups[i]!.length !== length);
  if (wrong >= 0) return { reason: `invalid group length in group ${wrong}: expected ${GROUPS[wrong]}, found ${groups[wrong]!.length}` };
  return { uuid: uuidText(groups.join('')) };
};

/** `UUID`: text in one of its forms, or 16 bytes; the dump is the lower-case hyphenated form. */
export const validateUuid = (input: unknown): Outcome => {
  const kind = inputKind(input);
  if (kind === 'bytes') {
    const data = input as Uint8Array;
    if (data.length !== 16) return refused('uuid_parsing', `Input should be a valid UUID, invalid length: expected 16 bytes, found ${data.length}`);
    return accepted(uuidText(Buffer.from(data).toString('hex')), LAX);
  }
  if (kind === 'str') {
    const unreadable = unreadableText(input);
    if (unreadable) return unreadable;
    const read = readUuid(input as string);
    return 'uuid' in read ? accepted(read.uuid, LAX) : refused('uuid_parsing', `Input should be a valid UUID, ${read.reason}`);
  }
  return refused('uuid_type', 'UUID input should be a string, bytes or UUID object');
};
