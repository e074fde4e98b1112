// The characters Python's str.isspace() accepts (Unicode 14): JavaScript's trim() differs, it
// strips U+FEFF and keeps U+001C..U+001F and U+0085.
const PYTHON_BLANK = /^[\t\n\v\f\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/;

/** Whether `text.strip()` is empty in Python. */
export const isPythonBlank = (text: string): boolean => PYTHON_BLANK.test(text);
