// Python's str.isspace() set; it differs from JavaScript's \s (U+001C-U+001F and U+0085 are
// Python whitespace, U+FEFF is not).
const PY_SPACE = '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const LEADING_SPACE = new RegExp(`^[${PY_SPACE}]+`);
const TRAILING_SPACE = new RegExp(`[${PY_SPACE}]+$`);

/** Python's `str.lstrip()` with no argument. */
const pyLstrip = (text: string): string => text.replace(LEADING_SPACE, '');

/** Python's `str.strip()` with no argument. */
export const pyStrip = (text: string): string => pyLstrip(text).replace(TRAILING_SPACE, '');

/** Python's `str.expandtabs()` (tab size 8; the column restarts after `\n` and `\r`). */
export const pyExpandTabs = (text: string): string => {
  let out = '';
  let column = 0;
  for (const ch of text) {
    if (ch === '\t') {
      const spaces = 8 - (column % 8);
      out += ' '.repeat(spaces);
      column += spaces;
    } else {
      out += ch;
      column = ch === '\n' || ch === '\r' ? 0 : column + 1;
    }
  }
  return out;
};

const codePointLength = (text: string): number => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

const dropCodePoints = (text: string, count: number): string => Array.from(text).slice(count).join('');

/** Python 3.11's `inspect.cleandoc`: the docstring with its common indentation and blank edge lines removed. */
export const cleandoc = (doc: string): string => {
  const lines = pyExpandTabs(doc).split('\n');
  let margin = Infinity;
  for (const line of lines.slice(1)) {
    const content = codePointLength(pyLstrip(line));
    if (content > 0) margin = Math.min(margin, codePointLength(line) - content);
  }
  lines[0] = pyLstrip(lines[0]!);
  if (margin !== Infinity) {
    for (let i = 1; i < lines.length; i++) lines[i] = dropCodePoints(lines[i]!, margin);
  }
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  while (lines.length > 0 && lines[0] === '') lines.shift();
  return lines.join('\n');
};

/** Whether `text.strip()` is empty in Python. */
export const isPythonBlank = (text: string): boolean => pyStrip(text) === '';
