import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeNonAscii } from '../../../src/json/escapeNonAscii.js';

/** Python's `ensure_ascii`, one UTF-16 code unit at a time: from U+007F up, `\uXXXX`. */
const reference = (text: string): string =>
  Array.from({ length: text.length }, (_, i) => {
    const code = text.charCodeAt(i);
    return code < 0x7f ? text[i] : `\\u${code.toString(16).padStart(4, '0')}`;
  }).join('');

// Texts long and short, of few or many distinct characters, ASCII mostly.
const units = fc.oneof(
  { weight: 8, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.constantFrom('é', 'ü', '\u007f', '\u0080', '\uffff', '😀', '\ud800', '\udfff', '日本語') },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
);
const text = fc.array(units, { maxLength: 80 }).map((parts) => parts.join(''));

describe('json/escapeNonAscii', () => {
  it('escapes what Python escapes: DEL and up, beyond the BMP as two surrogates, lone surrogates too', () => {
    expect(escapeNonAscii('"caf\u00e9 \u007f ~"')).toBe('"caf\\u00e9 \\u007f ~"');
    expect(escapeNonAscii('😀')).toBe('\\ud83d\\ude00');
    expect(escapeNonAscii('a\ud800b')).toBe('a\\ud800b');
  });

  it('returns an ASCII text as it is, short or long', () => {
    const long = 'abc~ '.repeat(1000);
    expect(escapeNonAscii(long)).toBe(long);
    expect(escapeNonAscii('abc')).toBe('abc');
  });

  it('escapes long texts of one, a few and many distinct characters as short ones are escaped', () => {
    const one = '["b\u00e9", 1]'.repeat(200);
    expect(escapeNonAscii(one)).toBe(reference(one));
    const many = Array.from({ length: 600 }, (_, i) => String.fromCharCode(0x4e00 + i) + 'x').join('');
    expect(escapeNonAscii(many)).toBe(reference(many));
    const lateDel = `${'a'.repeat(2000)}\u00e9${'b'.repeat(2000)}\u007f`;
    expect(escapeNonAscii(lateDel)).toBe(reference(lateDel));
  });

  it('agrees with the code-unit reference on any text', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 30 }), (sample, times) => {
        const long = sample.repeat(times);
        expect(escapeNonAscii(sample)).toBe(reference(sample));
        expect(escapeNonAscii(long)).toBe(reference(long));
      }),
      { numRuns: 400 },
    );
  });
});
