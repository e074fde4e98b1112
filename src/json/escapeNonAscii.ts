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

/** Below this length a loop is fastest; above, replacing each character everywhere at once is (measured). */
const LOOP_LIMIT = 512;
/**
 * Distinct characters replaced one at a time in a long text; past them, the rest are replaced
 * match by match. Each costs a pass over the text, a match costs a call, so few distinct ones
 * (accents in an otherwise ASCII text) go fastest one by one, and many (a CJK text) by match.
 */
const DISTINCT_LIMIT = 8;

/**
 * Whether a text has nothing to escape: its UTF-8 is exactly as long as it is (no character from
 * U+0080 up, and no lone surrogate) and it has no DEL. Native, and some ten times faster than a
 * regular expression's scan of a long text.
 */
const isPlainAscii = (text: string): boolean => Buffer.byteLength(text, 'utf8') === text.length && !text.includes('\u007f');

const escapeLong = (text: string): string => {
  if (isPlainAscii(text)) return text;
  let distinct = 0;
  let from = 0;
  for (;;) {
    NON_ASCII.lastIndex = from;
    const match = NON_ASCII.exec(text);
    if (match === null) return text;
    if (++distinct > DISTINCT_LIMIT) return text.replace(NON_ASCII, escapeChar);
    const ch = match[0];
    // Everything before the first match is ASCII, and stays so: the next search starts there.
    text = text.replaceAll(ch, escapeChar(ch));
    if (isPlainAscii(text)) return text;
    from = match.index;
  }
};

/**
 * Python's `ensure_ascii` applied to JSON text: every character from U+007F up becomes `\uXXXX`
 * (a character beyond the BMP as its two surrogates). Such characters only occur inside string
 * literals of JSON text, so a whole text can be escaped at once.
 */
export const escapeNonAscii = (text: string): string => {
  if (text.length > LOOP_LIMIT) return escapeLong(text);
  if (!HAS_NON_ASCII.test(text)) return text;
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
