import { InvalidValueError } from '../../errors.js';

/**
 * Bytes in a validated value, kept until the dump: JSON mode writes them as UTF-8 text, and
 * pydantic's dump (which comes after a successful validation) refuses bytes that are not UTF-8.
 */
export class RawBytes {
  constructor(readonly data: Uint8Array) {}
}

// The index of the first byte that does not start a valid UTF-8 sequence, or -1.
const invalidAt = (data: Uint8Array): number => {
  let i = 0;
  while (i < data.length) {
    const b = data[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    // Continuation bytes to come, and the smallest code point that needs that many (no overlongs).
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    let code = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = data[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      code = (code << 6) | (c & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
};

/** The bytes as text, or pydantic's `UnicodeDecodeError` (kind `ValueError`) for bytes that are not UTF-8. */
export const bytesText = (data: Uint8Array): string => {
  const at = invalidAt(data);
  if (at >= 0) {
    const byte = data[at]!.toString(16).padStart(2, '0');
    throw new InvalidValueError(`'utf-8' codec can't decode byte 0x${byte} in position ${at}: invalid utf-8`, { code: 'BYTES_NOT_UTF8' });
  }
  return Buffer.from(data).toString('utf8');
};
