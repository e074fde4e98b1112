import { EXACT, LAX, STRICT, accepted, refused, type Outcome } from './outcome.js';
import { fitsI64, floatOf, inputKind, intOf, pyFloat, pyInt } from './inputKind.js';
import { RawBytes } from './rawBytes.js';

// What pydantic-core strips from a string before reading a number from it (Unicode White_Space).
const SPACE = '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*';
const stripped = (text: string): string => text.replace(new RegExp(`^${SPACE}|${SPACE}$`, 'g'), '');

const DIGITS = '\\d+(?:_\\d+)*';
// An int: digits with single underscores between them, and at most a fraction of zeros.
const INT_TEXT = new RegExp(`^[+-]?(${DIGITS})(?:\\.0+)?$`);
const FLOAT_TEXT = new RegExp(`^[+-]?(?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:[eE][+-]?${DIGITS})?$`);
const FLOAT_WORD = /^([+-]?)(inf|infinity|nan)$/i;
const TRUE_WORDS = new Set(['1', 'on', 't', 'true', 'y', 'yes']);
const FALSE_WORDS = new Set(['0', 'off', 'f', 'false', 'n', 'no']);

const utf8 = new TextDecoder('utf-8', { fatal: true });

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * pydantic-core reads text as UTF-8 before it parses a number or a word from it, and a lone
 * surrogate has no UTF-8 form: such a string is refused before any parsing.
 */
export const unreadableText = (input: unknown): Outcome | undefined =>
  typeof input === 'string' && LONE_SURROGATE.test(input)
    ? refused('string_unicode', 'Input should be a valid string, unable to parse raw data as a unicode string')
    : undefined;

/** Bytes as a string, or undefined when they are not UTF-8. */
export const decodeUtf8 = (data: Uint8Array): string | undefined => {
  try {
    return utf8.decode(data);
  } catch {
    return undefined;
  }
};

/** The text a str or bytes input holds, for the validators that read numbers and words from it. */
const textOf = (input: unknown): string | undefined =>
  typeof input === 'string' ? input : input instanceof Uint8Array ? decodeUtf8(input) : undefined;

export const validateNone = (input: unknown): Outcome =>
  input === null ? accepted(null, EXACT) : refused('none_required', 'Input should be None');

export const validateBool = (input: unknown): Outcome => {
  const kind = inputKind(input);
  if (kind === 'bool') return accepted(input as boolean, EXACT);
  if (kind === 'int') {
    const n = intOf(input);
    if (n === 0n || n === 1n) return accepted(n === 1n, LAX);
    // pydantic-core reads ints as 64-bit: a bigger one is not even tried as a boolean.
    if (!fitsI64(n)) return refused('bool_type', 'Input should be a valid boolean');
    return refused('bool_parsing', 'Input should be a valid boolean, unable to interpret input');
  }
  if (kind === 'float') {
    const f = floatOf(input);
    if (f === 0 || f === 1) return accepted(f === 1, LAX);
    if (Number.isInteger(f) && fitsI64(BigInt(f))) return refused('bool_parsing', 'Input should be a valid boolean, unable to interpret input');
    return refused('bool_type', 'Input should be a valid boolean');
  }
  if (kind === 'str' || kind === 'bytes') {
    const unreadable = unreadableText(input);
    if (unreadable) return unreadable;
    const word = textOf(input)?.toLowerCase();
    if (word !== undefined && TRUE_WORDS.has(word)) return accepted(true, LAX);
    if (word !== undefined && FALSE_WORDS.has(word)) return accepted(false, LAX);
    return refused('bool_parsing', 'Input should be a valid boolean, unable to interpret input');
  }
  return refused('bool_type', 'Input should be a valid boolean');
};

const INT_PARSING = 'Input should be a valid integer, unable to parse string as an integer';

export const validateInt = (input: unknown): Outcome => {
  const kind = inputKind(input);
  if (kind === 'int') return accepted(pyInt(intOf(input)), EXACT);
  if (kind === 'bool') return accepted(input === true ? 1 : 0, LAX);
  if (kind === 'float') {
    const f = floatOf(input);
    if (!Number.isFinite(f)) return refused('finite_number', 'Input should be a finite number');
    if (!Number.isInteger(f)) return refused('int_from_float', 'Input should be a valid integer, got a number with a fractional part');
    if (!fitsI64(BigInt(f))) return refused('int_parsing_size', 'Unable to parse input string as an integer, exceeded maximum size');
    return accepted(pyInt(BigInt(f)), LAX);
  }
  if (kind === 'str' || kind === 'bytes') {
    const unreadable = unreadableText(input);
    if (unreadable) return unreadable;
    const text = textOf(input);
    const match = text === undefined ? null : INT_TEXT.exec(stripped(text));
    if (match === null) return refused('int_parsing', INT_PARSING);
    const negative = stripped(text!).startsWith('-');
    const digits = BigInt(match[1]!.replace(/_/g, ''));
    return accepted(pyInt(negative ? -digits : digits), LAX);
  }
  return refused('int_type', 'Input should be a valid integer');
};

const FLOAT_PARSING = 'Input should be a valid number, unable to parse string as a number';

/** A number read from text as Python's float() reads it (underscores between digits allowed). */
const parseFloatText = (text: string): number | undefined => {
  const word = FLOAT_WORD.exec(text);
  if (word) {
    if (word[2]!.toLowerCase() === 'nan') return NaN;
    return word[1] === '-' ? -Infinity : Infinity;
  }
  return FLOAT_TEXT.test(text) ? Number(text.replace(/_/g, '')) : undefined;
};

export const validateFloat = (input: unknown): Outcome => {
  const kind = inputKind(input);
  if (kind === 'float') {
    const f = floatOf(input);
    return accepted(Object.is(f, -0) ? -0 : pyFloat(f), EXACT);
  }
  if (kind === 'int') {
    const f = Number(intOf(input));
    if (!Number.isFinite(f)) return refused('float_type', 'Input should be a valid number');
    return accepted(pyFloat(f), STRICT);
  }
  if (kind === 'bool') return accepted(pyFloat(input === true ? 1 : 0), LAX);
  if (kind === 'str' || kind === 'bytes') {
    const unreadable = unreadableText(input);
    if (unreadable) return unreadable;
    const text = textOf(input);
    const f = text === undefined ? undefined : parseFloatText(stripped(text));
    if (f === undefined) return refused('float_parsing', FLOAT_PARSING);
    return accepted(Object.is(f, -0) ? -0 : pyFloat(f), LAX);
  }
  return refused('float_type', 'Input should be a valid number');
};

export const validateStr = (input: unknown): Outcome => {
  if (typeof input === 'string') return accepted(input, EXACT);
  if (inputKind(input) === 'bytes') {
    const text = decodeUtf8(input as Uint8Array);
    return text === undefined
      ? refused('string_unicode', 'Input should be a valid string, unable to parse raw data as a unicode string')
      : accepted(text, LAX);
  }
  return refused('string_type', 'Input should be a valid string');
};

export const validateBytes = (input: unknown): Outcome => {
  if (inputKind(input) === 'bytes') return accepted(new RawBytes(input as Uint8Array), EXACT);
  if (typeof input === 'string') {
    // Python's encoding fails where TextEncoder would substitute.
    const unreadable = unreadableText(input);
    if (unreadable) return unreadable;
    return accepted(new RawBytes(new TextEncoder().encode(input)), LAX);
  }
  return refused('bytes_type', 'Input should be a valid bytes');
};
