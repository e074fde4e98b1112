const HAS_NON_ASCII = /[\u007f-\uffff]/;
const NON_ASCII = /[\u007f-\uffff]/g;
const HEX = '0123456789abcdef';

const escapeCode = (code: number): string => `\\u${HEX[code >> 12]}${HEX[(code >> 8) & 15]}${HEX[(code >> 4) & 15]}${HEX[code & 15]}`;
// Escapes met once are kept: a long text repeats few distinct characters many times.
const escapes = new Map<string, string>();
const escapeChar = (ch: string): string => {
  let escaped = escapes.get(ch);
  if (escaped === undefined) {
    escaped = escapeCode(ch.charCodeAt(0));
    if (escapes.size < 4096) escapes.set(ch, escaped);
  }
  return escaped;
};

/** Below this length a loop is fastest; above, with many escapes, the loop's string building costs more than a regular expression's callbacks (measured). */
const LOOP_LIMIT = 512;

/**
 * Python's `ensure_ascii` applied to JSON text: every character from U+007F up becomes `\uXXXX`
 * (a character beyond the BMP as its two surrogates). Such characters only occur inside string
 * literals of JSON text, so a whole text can be escaped at once.
 */
export const escapeNonAscii = (text: string): string => {
  if (!HAS_NON_ASCII.test(text)) return text;
  if (text.length > LOOP_LIMIT) return text.replace(NON_ASCII, escapeChar);
  let out = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x7f) continue;
    out += text.slice(start, i) + escapeCode(code);
    start = i + 1;
  }
  return out + text.slice(start);
};
