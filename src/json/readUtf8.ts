import { readFileSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { AgentparityError } from '../errors.js';

/** Bytes that are not UTF-8, with Python's words for the first bad sequence and its byte offset. */
export class NotUtf8Error extends AgentparityError {
  // Python's UnicodeDecodeError is a ValueError.
  readonly kind = 'ValueError';
  constructor(
    message: string,
    /** The byte offset of the first byte that cannot be decoded. */
    readonly offset: number,
  ) {
    super(message, { code: 'NOT_UTF8' });
  }
}

const hex = (byte: number): string => `0x${byte.toString(16).padStart(2, '0')}`;

// The range the byte after a lead byte must fall in (UTF-8 without overlongs or surrogates).
const secondRange = (lead: number): [number, number] =>
  lead === 0xe0 ? [0xa0, 0xbf] : lead === 0xed ? [0x80, 0x9f] : lead === 0xf0 ? [0x90, 0xbf] : lead === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];

/**
 * The first problem of bytes that are not UTF-8, as Python's `bytes.decode("utf-8")` words it:
 * `'utf-8' codec can't decode byte 0xff in position 5: invalid start byte`, `... invalid
 * continuation byte`, or `... unexpected end of data`; undefined for valid UTF-8.
 */
export const utf8Problem = (bytes: Uint8Array): NotUtf8Error | undefined => {
  if (isUtf8(bytes)) return undefined;
  const fail = (at: number, reason: string): NotUtf8Error =>
    new NotUtf8Error(`'utf-8' codec can't decode byte ${hex(bytes[at]!)} in position ${at}: ${reason}`, at);
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i++;
      continue;
    }
    const length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (length === 0) return fail(i, 'invalid start byte');
    for (let k = 1; k < length; k++) {
      if (i + k >= bytes.length) {
        const end = bytes.length - 1;
        return end > i
          ? new NotUtf8Error(`'utf-8' codec can't decode bytes in position ${i}-${end}: unexpected end of data`, i)
          : fail(i, 'unexpected end of data');
      }
      const [low, high] = k === 1 ? secondRange(lead) : [0x80, 0xbf];
      const next = bytes[i + k]!;
      if (next < low || next > high) return fail(i, 'invalid continuation byte');
    }
    i += length;
  }
  return undefined;
};

/** Decodes bytes that must be UTF-8, refusing (never replacing with U+FFFD) any that are not. */
export const decodeUtf8 = (bytes: Uint8Array): string => {
  const problem = utf8Problem(bytes);
  if (problem !== undefined) throw problem;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
};

/** `readFileSync(file, 'utf8')`, but a file that is not UTF-8 is refused as Python's loader refuses it. */
export const readUtf8File = (file: string): string => decodeUtf8(readFileSync(file));
