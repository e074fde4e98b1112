import { PyFloat, isPlainObject, objectEntries, type PyJson, type PyJsonObject } from '../../json/pyJson.js';
import { writePyJson } from '../../json/writePyJson.js';
import { childPointer } from '../../json/jsonPointer.js';
import type { ComparisonLog } from './planDifference.js';
import { pushAll, reversed } from '../../util/pushAll.js';

const isObject = (value: PyJson): value is PyJsonObject => value instanceof Map || isPlainObject(value);

type Scalar = { readonly kind: 'int' | 'float' | 'other'; readonly value: unknown };

const scalar = (value: PyJson): Scalar => {
  if (typeof value === 'bigint') return { kind: 'int', value };
  if (typeof value === 'number') return Number.isInteger(value) && !Object.is(value, -0) ? { kind: 'int', value: BigInt(value) } : { kind: 'float', value };
  if (value instanceof PyFloat) return { kind: 'float', value: value.value };
  return { kind: 'other', value };
};

const sameScalar = (a: PyJson, b: PyJson): boolean => {
  const [x, y] = [scalar(a), scalar(b)];
  if (x.kind !== y.kind) return false;
  if (x.kind === 'float') return Object.is(x.value, y.value) || x.value === y.value;
  return x.value === y.value;
};

/** A value as a difference message shows it: as Python's `json.dumps` prints it, cut short when long. */
export const showJson = (value: PyJson): string => {
  const text = writePyJson(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

/**
 * Compares two JSON values by meaning: object keys in any order, arrays in order, numbers of the
 * same Python kind (`1` and `1.0` differ: they reach a resource as an int and as a float). The
 * walk keeps its own stack, so a value of any depth compares.
 */
export const compareJson = (a: PyJson, b: PyJson, pointerA: string, pointerB: string, log: ComparisonLog): void => {
  const pending: [PyJson, PyJson, string, string][] = [[a, b, pointerA, pointerB]];
  while (pending.length > 0) {
    const [x, y, pa, pb] = pending.pop()!;
    const children: [PyJson, PyJson, string, string][] = [];
    if (isObject(x) && isObject(y)) {
      const [left, right] = [new Map(objectEntries(x)), new Map(objectEntries(y))];
      for (const [key, value] of left) {
        if (right.has(key)) children.push([value, right.get(key)!, childPointer(pa, key), childPointer(pb, key)]);
        else log.differ(childPointer(pa, key), childPointer(pb, key), `only in A: ${showJson(value)}`);
      }
      for (const [key, value] of right) {
        if (!left.has(key)) log.differ(childPointer(pa, key), childPointer(pb, key), `only in B: ${showJson(value)}`);
      }
    } else if (Array.isArray(x) && Array.isArray(y)) {
      const [left, right] = [x as readonly PyJson[], y as readonly PyJson[]];
      for (let i = 0; i < Math.max(left.length, right.length); i++) {
        const [ca, cb] = [childPointer(pa, i), childPointer(pb, i)];
        if (i >= right.length) log.differ(ca, cb, `only in A: ${showJson(left[i]!)}`);
        else if (i >= left.length) log.differ(ca, cb, `only in B: ${showJson(right[i]!)}`);
        else children.push([left[i]!, right[i]!, ca, cb]);
      }
    } else if (isObject(x) || isObject(y) || Array.isArray(x) || Array.isArray(y) || !sameScalar(x, y)) {
      log.differ(pa, pb, `${showJson(x)} in A, ${showJson(y)} in B`);
    }
    // Reversed, so that differences are reported in the order the values are written.
    pushAll(pending, reversed(children));
  }
};
