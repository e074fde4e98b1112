import { formatPyFloat } from '../../python/formatPyFloat.js';
import { PyFloat } from '../../json/pyJson.js';
import { OUT_OF_RANGE_FLOAT, writePyString } from '../../json/writePyJson.js';
import { InvalidTypeError, InvalidValueError, isAgentparityError } from '../../errors.js';
import { describeValue } from '../normalize/describeValue.js';
import { isPlainRecord } from '../normalize/jsonObjects.js';
import { pyIntText } from '../../python/pyIntText.js';
import { pyNumberText } from '../../python/pyNumberText.js';
import { writeJsonText, type JsonTextStyle } from '../../json/writeJsonText.js';

const numberText = (value: number): string => {
  if (value - value !== 0) throw new InvalidValueError(OUT_OF_RANGE_FLOAT, { code: 'JSON_FLOAT_OUT_OF_RANGE' });
  return pyNumberText(value);
};

const floatText = (value: number): string => {
  if (value - value !== 0) throw new InvalidValueError(OUT_OF_RANGE_FLOAT, { code: 'JSON_FLOAT_OUT_OF_RANGE' });
  return formatPyFloat(value);
};

// json.dumps turns these key types into strings and refuses every other one.
const keyText = (key: unknown): string => {
  switch (typeof key) {
    case 'string':
      return key;
    case 'number':
      return numberText(key);
    case 'bigint':
      return pyIntText(key);
    case 'boolean':
      return key ? 'true' : 'false';
    default:
      if (key === null) return 'null';
      if (key instanceof PyFloat) return floatText(key.value);
      throw new InvalidTypeError(`keys must be str, int, float, bool or None, not ${describeValue(key)}`, { code: 'JSON_KEY_TYPE' });
  }
};

const CONTENT_STYLE: JsonTextStyle = {
  itemSeparator: ',',
  keySeparator: ':',
  scalarText(value) {
    switch (typeof value) {
      case 'string':
        return writePyString(value);
      case 'number':
        return numberText(value);
      case 'bigint':
        return pyIntText(value);
      case 'boolean':
        return value ? 'true' : 'false';
      default:
        if (value === null) return 'null';
        return value instanceof PyFloat ? floatText(value.value) : undefined;
    }
  },
  keyText: (key) => writePyString(keyText(key)),
  isRecord: isPlainRecord,
  writesMaps: true,
  refuse: (value) => new InvalidTypeError(`Object of type ${describeValue(value)} is not JSON serializable`, { code: 'JSON_NOT_SERIALIZABLE' }),
  circular: () => new InvalidValueError('Circular reference detected', { code: 'JSON_CIRCULAR' }),
};

/**
 * What Python's `json.dumps(value, separators=(",", ":"), allow_nan=False)` prints, with its
 * errors: `Circular reference detected` for a node re-entered on the current path, `Out of range
 * float values are not JSON compliant`, `Object of type X is not JSON serializable` (in
 * TypeScript's type names), and Map keys converted as Python converts dict keys. It loops instead
 * of recursing, in time proportional to the text, and never calls `toJSON`.
 */
export const writeContentJson = (root: unknown): string => writeJsonText(root, CONTENT_STYLE);

// What a JSON-generic value holds, and nothing else: a Map is refused as any other object is.
const EXACT_CONTENT_STYLE: JsonTextStyle = { ...CONTENT_STYLE, writesMaps: false };

/**
 * `writeContentJson` for a value that is JSON-generic as it is (plain objects, arrays, strings,
 * finite numbers, bigints, `PyFloat`s, booleans, null) at any depth; undefined for any other, and
 * for one the writer refuses (a cycle, an int too long to print). One walk that both checks and
 * writes: a deep result already in that form is walked once, not checked, copied and written.
 * Mirrors `exact_json_text` of `agentparity_ref/pyjson/write_py_json.py`.
 */
export const exactContentJson = (root: unknown): string | undefined => {
  try {
    return writeJsonText(root, EXACT_CONTENT_STYLE);
  } catch (error) {
    if (isAgentparityError(error)) return undefined;
    throw error;
  }
};
