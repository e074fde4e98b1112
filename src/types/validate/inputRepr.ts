import { PyFloat } from '../../json/pyJson.js';
import { formatPyFloat } from '../../python/formatPyFloat.js';
import { describeValue } from '../../actions/normalize/describeValue.js';
import { pyStringRepr } from '../../python/pyRepr.js';
import { pySetOrder } from '../schema/values/pySetOrder.js';
import { UncomputedField } from './dumpMarkers.js';
import { dictEntries, inputKind } from './inputKind.js';
import { modelBrandOf } from './modelBrand.js';

const BYTE_ESCAPES: Readonly<Record<number, string>> = { 0x5c: '\\\\', 0x09: '\\t', 0x0a: '\\n', 0x0d: '\\r' };

/** `repr(b'...')`: single quotes unless only double quotes avoid escaping; `\xNN` outside printable ASCII. */
const bytesRepr = (data: Uint8Array): string => {
  const quote = data.includes(0x27) && !data.includes(0x22) ? '"' : "'";
  let body = '';
  for (const byte of data) {
    const escape = BYTE_ESCAPES[byte];
    if (escape !== undefined) body += escape;
    else if (String.fromCharCode(byte) === quote) body += `\\${quote}`;
    else if (byte < 0x20 || byte >= 0x7f) body += `\\x${byte.toString(16).padStart(2, '0')}`;
    else body += String.fromCharCode(byte);
  }
  return `b${quote}${body}${quote}`;
};

/** Opening, items (each with the text before it) and closing of a container as Python writes it. */
interface Shape {
  readonly open: string;
  readonly items: readonly (readonly [string, unknown])[];
  readonly close: string;
}

const sequence = (open: string, items: readonly unknown[], close: string): Shape => ({
  open,
  items: items.map((item, i) => [i === 0 ? '' : ', ', item] as const),
  close,
});

// A container's parts, or undefined for a value written as a whole. A set lists its members in
// Python's iteration order where that order is known (numbers), else in its own.
const shapeOf = (value: unknown): Shape | undefined => {
  const kind = inputKind(value);
  if (kind === 'list') return sequence('[', value as readonly unknown[], ']');
  if (kind === 'tuple') {
    const items = value as readonly unknown[];
    return items.length === 1 ? { open: '(', items: [['', items[0]]], close: ',)' } : sequence('(', items, ')');
  }
  if (kind === 'set') {
    const members = [...(value as Set<unknown>)];
    return members.length === 0 ? undefined : sequence('{', pySetOrder(members as never), '}');
  }
  if (kind === 'dict') {
    const entries = dictEntries(value);
    return { open: '{', items: entries.flatMap(([k, v], i) => [[i === 0 ? '' : ', ', k] as const, [': ', v] as const]), close: '}' };
  }
  const brand = modelBrandOf(value);
  if (brand !== undefined) {
    const fields = [...brand.dumped].filter(([, v]) => !(v instanceof UncomputedField));
    return { open: `${brand.name}(`, items: fields.map(([name, v], i) => [`${i === 0 ? '' : ', '}${name}=`, v] as const), close: ')' };
  }
  return undefined;
};

// A validation input's whole number past 2^53 was read from a float token (an int token that long
// is read as a bigint), so it prints as the float it is.
const numberRepr = (value: number | bigint | PyFloat): string => {
  if (value instanceof PyFloat) return formatPyFloat(value.value);
  if (typeof value === 'bigint') return value.toString();
  return Number.isSafeInteger(value) && !Object.is(value, -0) ? String(value) : formatPyFloat(value);
};

const scalarRepr = (value: unknown): string => {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'string') return pyStringRepr(value);
  if (typeof value === 'number' || typeof value === 'bigint' || value instanceof PyFloat) return numberRepr(value);
  if (inputKind(value) === 'bytes') return bytesRepr(value as Uint8Array);
  if (value instanceof Set) return 'set()';
  // Python writes a plain object with its address, which no other process can know.
  return `<${describeValue(value)} object>`;
};

/**
 * Python's `repr()` of the value an input stands for (`None`, `'x'`, `b'\xff'`, `(1,)`, `{1, 2}`,
 * `V(a=3)`), written without recursion; a container met again inside itself is `[...]`.
 */
export const inputRepr = (value: unknown): string => {
  let out = '';
  const stack: { readonly shape: Shape; readonly node: object; index: number }[] = [];
  const onPath = new Set<object>();
  const write = (item: unknown): void => {
    const shape = shapeOf(item);
    if (shape === undefined) {
      out += scalarRepr(item);
    } else if (onPath.has(item as object)) {
      out += `${shape.open.slice(-1)}...${shape.close.slice(-1)}`;
    } else {
      out += shape.open;
      onPath.add(item as object);
      stack.push({ shape, node: item as object, index: 0 });
    }
  };
  write(value);
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.index === top.shape.items.length) {
      out += top.shape.close;
      onPath.delete(top.node);
      stack.pop();
      continue;
    }
    const [before, item] = top.shape.items[top.index++]!;
    out += before;
    write(item);
  }
  return out;
};

/** `type(value).__name__` of the value an input stands for. */
export const inputTypeName = (value: unknown): string => {
  const kind = inputKind(value);
  switch (kind) {
    case 'none':
      return 'NoneType';
    case 'model':
      return modelBrandOf(value)!.name;
    case 'other':
      return describeValue(value);
    default:
      return kind;
  }
};
