import { escapePointerToken } from '../../src/json/jsonPointer.js';
import { PyFloat, objectEntries, type PyJson, type PyJsonObject } from '../../src/json/pyJson.js';
import { writePyJson } from '../../src/json/writePyJson.js';

/**
 * One difference between two lossless values, at a JSON pointer. `number-kind` (an int against
 * a float of the same value) and `key-order` (same keys, other order) change the text but not the
 * meaning; every other kind changes the meaning.
 */
export interface Difference {
  readonly pointer: string;
  readonly kind: 'number-kind' | 'key-order' | 'missing' | 'extra' | 'changed';
  /** Says what differs, naming both sides. */
  readonly text: string;
}

export const isMeaningful = (difference: Difference): boolean => difference.kind !== 'number-kind' && difference.kind !== 'key-order';

/** The names the two sides go by in the text of a difference (`python` and `ts`, `expect` and `ts`). */
export interface Sides {
  readonly left: string;
  readonly right: string;
}

type Kind = 'null' | 'boolean' | 'string' | 'int' | 'float' | 'array' | 'object';

const kindOf = (value: PyJson): Kind => {
  if (value === null) return 'null';
  if (value instanceof PyFloat) return 'float';
  switch (typeof value) {
    case 'boolean':
      return 'boolean';
    case 'string':
      return 'string';
    case 'bigint':
      return 'int';
    case 'number':
      return Number.isInteger(value) && !Object.is(value, -0) ? 'int' : 'float';
  }
  return Array.isArray(value) ? 'array' : 'object';
};

const floatOf = (value: PyJson): number => (value instanceof PyFloat ? value.value : Number(value));

// Equal ints compare as integers, exactly, whichever representation each side uses.
const sameInt = (a: PyJson, b: PyJson): boolean =>
  typeof a === 'number' && typeof b === 'number' ? a === b : BigInt(a as number | bigint) === BigInt(b as number | bigint);
// Floats are equal when their bits say the same number: -0.0 is not 0.0, NaN is NaN.
const sameFloat = (a: PyJson, b: PyJson): boolean => Object.is(floatOf(a), floatOf(b));
// An int and a float mean the same number when the float is whole and equal to it.
const sameNumber = (int: PyJson, float: PyJson): boolean => {
  const f = floatOf(float);
  return Number.isInteger(f) && BigInt(f) === BigInt(int as number | bigint);
};

// Characters a reader cannot see (controls, format characters, line separators) stay escaped.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
const escapeInvisible = (ch: string): string =>
  [...Array(ch.length).keys()].map((i) => `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');

/** A value as it would print, cut short for messages: readable non-ASCII, invisible characters escaped. */
export const show = (value: PyJson, max = 60): string => {
  const text = writePyJson(value, { ensureAscii: false }).replace(INVISIBLE, escapeInvisible);
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
};

/** A JSON pointer as messages show it; the root is named, since its pointer is empty. */
export const showPointer = (pointer: string): string => (pointer === '' ? '(root)' : `\`${pointer}\``);

const entriesOf = (value: PyJsonObject): [string, PyJson][] => [...objectEntries(value)];

const showKeys = (keys: readonly string[]): string => (keys.length > 8 ? `${keys.slice(0, 8).join(', ')}, ...` : keys.join(', '));

export interface DiffOptions {
  /** Stop after this many differences. */
  readonly limit?: number;
  /** The JSON pointer of the two values inside a larger document. */
  readonly pointer?: string;
}

/**
 * The differences between two values, in document order, up to `limit`. Iterative: values of any
 * depth compare. Plain objects and Maps compare alike (a plain object has JavaScript's key order).
 */
const isErrorObject = (entries: ReadonlyMap<string, PyJson>): boolean => typeof entries.get('kind') === 'string' && typeof entries.get('message') === 'string';

export const diffValues = (left: PyJson, right: PyJson, sides: Sides, options: DiffOptions = {}): Difference[] => {
  const limit = options.limit ?? 20;
  const found: Difference[] = [];
  const stack: [string, PyJson, PyJson][] = [[options.pointer ?? '', left, right]];
  const add = (pointer: string, kind: Difference['kind'], text: string): void => {
    found.push({ pointer, kind, text });
  };
  while (stack.length > 0 && found.length < limit) {
    const [pointer, a, b] = stack.pop()!;
    const ka = kindOf(a);
    const kb = kindOf(b);
    // Named only when something differs here: most nodes of two large values agree.
    const at = (): string => showPointer(pointer);
    if (ka !== kb) {
      if ((ka === 'int' && kb === 'float' && sameNumber(a, b)) || (ka === 'float' && kb === 'int' && sameNumber(b, a))) {
        add(pointer, 'number-kind', `${at()} is ${show(a)} in ${sides.left} and ${show(b)} in ${sides.right}`);
      } else {
        add(pointer, 'changed', `${at()} is ${show(a)} in ${sides.left} and ${show(b)} in ${sides.right}`);
      }
      continue;
    }
    if (ka === 'array') {
      const xs = a as readonly PyJson[];
      const ys = b as readonly PyJson[];
      if (xs.length !== ys.length) add(pointer, 'changed', `${at()} has ${xs.length} items in ${sides.left} and ${ys.length} in ${sides.right}`);
      for (let i = Math.min(xs.length, ys.length) - 1; i >= 0; i--) stack.push([`${pointer}/${i}`, xs[i]!, ys[i]!]);
      continue;
    }
    if (ka === 'object') {
      const ea = entriesOf(a as PyJsonObject);
      const eb = entriesOf(b as PyJsonObject);
      const ma = new Map(ea);
      const mb = new Map(eb);
      // An error's code is optional (a version-1 participant sends none): compared only where both sides send one.
      const codeOptional = isErrorObject(ma) && isErrorObject(mb);
      for (const [key, value] of ea) if (!mb.has(key) && !(codeOptional && key === 'code')) add(`${pointer}/${escapePointerToken(key)}`, 'missing', `${showPointer(`${pointer}/${escapePointerToken(key)}`)} is missing in ${sides.right} (${sides.left} has ${show(value)})`);
      for (const [key, value] of eb) if (!ma.has(key) && !(codeOptional && key === 'code')) add(`${pointer}/${escapePointerToken(key)}`, 'extra', `${showPointer(`${pointer}/${escapePointerToken(key)}`)} is only in ${sides.right} (${show(value)})`);
      const common = ea.map(([key]) => key).filter((key) => mb.has(key));
      const commonRight = eb.map(([key]) => key).filter((key) => ma.has(key));
      if (common.some((key, i) => key !== commonRight[i])) {
        add(pointer, 'key-order', `key order at ${at()} is ${showKeys(common)} in ${sides.left} and ${showKeys(commonRight)} in ${sides.right}`);
      }
      for (let i = common.length - 1; i >= 0; i--) {
        const key = common[i]!;
        stack.push([`${pointer}/${escapePointerToken(key)}`, ma.get(key)!, mb.get(key)!]);
      }
      continue;
    }
    const same = ka === 'int' ? sameInt(a, b) : ka === 'float' ? sameFloat(a, b) : a === b;
    if (!same) add(pointer, 'changed', `${at()} is ${show(a)} in ${sides.left} and ${show(b)} in ${sides.right}`);
  }
  return found;
};

