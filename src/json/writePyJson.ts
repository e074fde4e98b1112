import { escapeNonAscii } from './escapeNonAscii.js';
import { formatPyFloat } from './formatPyFloat.js';
import { PyFloat, isPlainObject, type PyJson } from './pyJson.js';

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

export class PyJsonWriteError extends Error {
  override readonly name = 'PyJsonWriteError';
}

// A container being written: its items by index, or its entries one at a time from an iterator.
type Frame =
  | { readonly kind: 'array'; readonly items: readonly unknown[]; index: number }
  | { readonly kind: 'object'; readonly entries: Iterator<readonly [string, unknown]>; index: number };

/** A JSON string literal exactly as Python's `json.dumps` writes it. */
export const writePyString = (text: string, ensureAscii = true): string => {
  const quoted = JSON.stringify(text);
  return ensureAscii ? escapeNonAscii(quoted) : quoted;
};

const writeNumber = (value: number, allowNan: boolean): string => {
  if (!Number.isFinite(value)) {
    if (!allowNan) throw new PyJsonWriteError(OUT_OF_RANGE_FLOAT);
    return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
  }
  if (Number.isInteger(value) && !Object.is(value, -0)) {
    return Number.isSafeInteger(value) ? String(value) : BigInt(value).toString();
  }
  return formatPyFloat(value);
};

const describe = (value: unknown): string =>
  value === undefined ? 'undefined' : typeof value === 'object' ? (value?.constructor?.name ?? 'Object') : typeof value;

/**
 * Writes a value the way Python's `json.dumps` does, without recursion, so that a value of any
 * depth can be written. `toJSON` is never called; key order is the order of the Map or object.
 */
export const writePyJson = (root: PyJson, options: PyJsonWriteOptions = {}): string => {
  const ensureAscii = options.ensureAscii ?? true;
  const allowNan = options.allowNan ?? true;
  const [itemSep, keySep] = options.separators === 'compact' ? [',', ':'] : [', ', ': '];
  // Appending to one string is faster than joining pieces: V8 keeps it as a rope until it is read.
  let out = '';
  const stack: Frame[] = [];

  // Writes a scalar, or opens a container and returns its frame.
  const emit = (value: unknown): Frame | undefined => {
    switch (typeof value) {
      case 'string':
        out += writePyString(value, ensureAscii);
        return undefined;
      case 'number':
        out += writeNumber(value, allowNan);
        return undefined;
      case 'bigint':
        out += value.toString();
        return undefined;
      case 'boolean':
        out += value ? 'true' : 'false';
        return undefined;
      case 'object':
        if (value === null) {
          out += 'null';
          return undefined;
        }
        if (value instanceof PyFloat) {
          out += Number.isFinite(value.value) ? formatPyFloat(value.value) : writeNumber(value.value, allowNan);
          return undefined;
        }
        if (Array.isArray(value)) {
          out += '[';
          return { kind: 'array', items: value, index: 0 };
        }
        if (value instanceof Map) {
          out += '{';
          return { kind: 'object', entries: (value as Map<string, unknown>).entries(), index: 0 };
        }
        if (isPlainObject(value)) {
          out += '{';
          return { kind: 'object', entries: Object.entries(value)[Symbol.iterator](), index: 0 };
        }
        break;
      default:
        break;
    }
    throw new PyJsonWriteError(`Object of type ${describe(value)} is not JSON serializable`);
  };

  const first = emit(root);
  if (first) stack.push(first);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    let child: Frame | undefined;
    if (frame.kind === 'array') {
      if (frame.index === frame.items.length) {
        out += ']';
        stack.pop();
        continue;
      }
      if (frame.index > 0) out += itemSep;
      child = emit(frame.items[frame.index++]);
    } else {
      const next = frame.entries.next();
      if (next.done === true) {
        out += '}';
        stack.pop();
        continue;
      }
      if (frame.index++ > 0) out += itemSep;
      const [key, value] = next.value;
      out += writePyString(key, ensureAscii) + keySep;
      child = emit(value);
    }
    if (child) stack.push(child);
  }
  return out;
};
