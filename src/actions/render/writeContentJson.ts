import { formatPyFloat } from '../../json/formatPyFloat.js';
import { PyFloat } from '../../json/pyJson.js';
import { OUT_OF_RANGE_FLOAT, writePyString } from '../../json/writePyJson.js';
import { InvalidTypeError, InvalidValueError } from '../../errors.js';
import { describeValue } from '../normalize/describeValue.js';
import { isPlainRecord } from '../normalize/jsonObjects.js';
import { pyIntText } from '../../python/pyIntText.js';
import { pyNumberText } from './pyScalarText.js';

const numberText = (value: number): string => {
  if (value - value !== 0) throw new InvalidValueError(OUT_OF_RANGE_FLOAT);
  return pyNumberText(value);
};

const floatText = (value: number): string => {
  if (value - value !== 0) throw new InvalidValueError(OUT_OF_RANGE_FLOAT);
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
      throw new InvalidTypeError(`keys must be str, int, float, bool or None, not ${describeValue(key)}`);
  }
};

/**
 * What Python's `json.dumps(value, separators=(",", ":"), allow_nan=False)` prints, with its
 * errors: `Circular reference detected` for a node re-entered on the current path, `Out of range
 * float values are not JSON compliant`, `Object of type X is not JSON serializable` (in
 * TypeScript's type names), and Map keys converted as Python converts dict keys. It loops instead
 * of recursing and never calls `toJSON`.
 */
export const writeContentJson = (root: unknown): string => {
  let out = '';
  // The open containers, as parallel stacks (fewer allocations than one object per container):
  // the container, its keys (null for an array), and the position of the next item.
  const nodes: object[] = [];
  const keyLists: (readonly unknown[] | null)[] = [];
  const positions: number[] = [];
  const onPath = new Set<object>();

  // Writes a scalar, or opens a container; returns whether it opened one.
  const emit = (value: unknown): boolean => {
    switch (typeof value) {
      case 'string':
        out += writePyString(value);
        return false;
      case 'number':
        out += numberText(value);
        return false;
      case 'bigint':
        out += pyIntText(value);
        return false;
      case 'boolean':
        out += value ? 'true' : 'false';
        return false;
      case 'object': {
        if (value === null) {
          out += 'null';
          return false;
        }
        if (value instanceof PyFloat) {
          out += floatText(value.value);
          return false;
        }
        let node: object;
        let keys: readonly unknown[] | null;
        if (Array.isArray(value)) {
          node = value;
          keys = null;
        } else if (value instanceof Map) {
          // Entries are read once, so that the keys and values stay paired as written.
          node = [...(value as Map<unknown, unknown>).values()];
          keys = [...(value as Map<unknown, unknown>).keys()];
        } else if (isPlainRecord(value)) {
          node = value;
          keys = Object.keys(value);
        } else {
          break;
        }
        if (onPath.has(value)) throw new InvalidValueError('Circular reference detected');
        onPath.add(value);
        nodes.push(node);
        keyLists.push(keys);
        positions.push(0);
        out += keys === null ? '[' : '{';
        return true;
      }
      default:
        break;
    }
    throw new InvalidTypeError(`Object of type ${describeValue(value)} is not JSON serializable`);
  };

  // The path set holds what was given; a Map is stood in for by its values on the node stack.
  const opened: unknown[] = [];
  const open = (value: unknown): void => {
    if (emit(value)) opened.push(value);
  };

  open(root);
  while (nodes.length > 0) {
    const top = nodes.length - 1;
    const node = nodes[top]!;
    const keys = keyLists[top]!;
    const position = positions[top]!;
    const length = keys === null ? (node as readonly unknown[]).length : keys.length;
    if (position === length) {
      out += keys === null ? ']' : '}';
      nodes.pop();
      keyLists.pop();
      positions.pop();
      onPath.delete(opened.pop() as object);
      continue;
    }
    positions[top] = position + 1;
    if (position > 0) out += ',';
    if (keys === null) {
      open((node as readonly unknown[])[position]);
    } else {
      const key = keys[position];
      out += `${writePyString(keyText(key))}:`;
      open(Array.isArray(node) ? node[position] : (node as Record<string, unknown>)[key as string]);
    }
  }
  return out;
};
