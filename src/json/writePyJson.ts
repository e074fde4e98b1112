import { AgentparityError, type ErrorCode } from '../errors.js';
import { escapeNonAscii } from './escapeNonAscii.js';
import { formatPyFloat } from '../python/formatPyFloat.js';
import { pyNumberText } from '../python/pyNumberText.js';
import { PyFloat, isPlainObject, type PyJson } from './pyJson.js';
import { writeJsonText, type JsonTextStyle } from './writeJsonText.js';

export interface PyJsonWriteOptions {
  /** Escape every character outside printable ASCII as `\uXXXX`, as Python does by default. */
  readonly ensureAscii?: boolean;
  /** `default` is Python's `", "` and `": "`; `compact` is `","` and `":"`. */
  readonly separators?: 'default' | 'compact';
  /** Write NaN and the infinities as Python does (`NaN`, `Infinity`), or refuse them. */
  readonly allowNan?: boolean;
}

/** What Python's `json.dumps` says when `allow_nan=False` meets NaN or an infinity (Python 3.11). */
export const OUT_OF_RANGE_FLOAT = 'Out of range float values are not JSON compliant';

/** A value `json.dumps` refuses, with the kind Python raises: `TypeError` for a type it cannot write, else `ValueError`. */
export class PyJsonWriteError extends AgentparityError {
  constructor(
    message: string,
    code: ErrorCode,
    readonly kind: 'ValueError' | 'TypeError' = 'ValueError',
  ) {
    super(message, { code });
  }
}

/** A JSON string literal exactly as Python's `json.dumps` writes it. */
export const writePyString = (text: string, ensureAscii = true): string => {
  const quoted = JSON.stringify(text);
  return ensureAscii ? escapeNonAscii(quoted) : quoted;
};

const writeNumber = (value: number, allowNan: boolean): string => {
  if (!Number.isFinite(value)) {
    if (!allowNan) throw new PyJsonWriteError(OUT_OF_RANGE_FLOAT, 'JSON_FLOAT_OUT_OF_RANGE');
    return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
  }
  return pyNumberText(value);
};

const describe = (value: unknown): string =>
  value === undefined ? 'undefined' : typeof value === 'object' ? (value?.constructor?.name ?? 'Object') : typeof value;

const styles: (JsonTextStyle | undefined)[] = [];

/** The style of one set of options, made once: most calls use one of two. */
const styleOf = (ensureAscii: boolean, allowNan: boolean, compact: boolean): JsonTextStyle => {
  const index = (ensureAscii ? 4 : 0) + (allowNan ? 2 : 0) + (compact ? 1 : 0);
  let style = styles[index];
  if (style === undefined) {
    style = {
      itemSeparator: compact ? ',' : ', ',
      keySeparator: compact ? ':' : ': ',
      writesMaps: true,
      scalarText(value) {
        switch (typeof value) {
          case 'string':
            return writePyString(value, ensureAscii);
          case 'number':
            return writeNumber(value, allowNan);
          case 'bigint':
            return value.toString();
          case 'boolean':
            return value ? 'true' : 'false';
          default:
            if (value === null) return 'null';
            if (!(value instanceof PyFloat)) return undefined;
            return Number.isFinite(value.value) ? formatPyFloat(value.value) : writeNumber(value.value, allowNan);
        }
      },
      keyText: (key) => writePyString(key as string, ensureAscii),
      isRecord: isPlainObject,
      refuse: (value) => new PyJsonWriteError(`Object of type ${describe(value)} is not JSON serializable`, 'JSON_NOT_SERIALIZABLE', 'TypeError'),
      circular: () => new PyJsonWriteError('Circular reference detected', 'JSON_CIRCULAR'),
    };
    styles[index] = style;
  }
  return style;
};

/**
 * Writes a value the way Python's `json.dumps` does, without recursion, so that a value of any
 * depth can be written, in time proportional to its text. `toJSON` is never called; key order is
 * the order of the Map or object.
 */
export const writePyJson = (root: PyJson, options: PyJsonWriteOptions = {}): string =>
  writeJsonText(root, styleOf(options.ensureAscii ?? true, options.allowNan ?? true, options.separators === 'compact'));
