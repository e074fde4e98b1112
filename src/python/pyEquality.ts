import { PyFloat, objectEntries, type PyJson, type PyJsonObject } from '../json/pyJson.js';

const compareCodePoints = (a: string, b: string): number => {
  // Python orders strings by code point; JavaScript's `<` compares UTF-16 units, which puts
  // U+E000..U+FFFF after the astral planes.
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done || y.done) return x.done ? (y.done ? 0 : -1) : 1;
    const d = x.value.codePointAt(0)! - y.value.codePointAt(0)!;
    if (d !== 0) return d;
  }
};

/** Python's `<` on two strings (code point order), as -1, 0 or 1 in the manner of a sort comparator. */
export const comparePyStrings = (a: string, b: string): number => Math.sign(compareCodePoints(a, b));

const numberKey = (value: number | bigint | PyFloat): string => {
  const n = value instanceof PyFloat ? value.value : value;
  if (typeof n === 'bigint') return `n${n.toString()}`;
  if (Number.isNaN(n)) return 'nan';
  if (Number.isInteger(n)) return `n${BigInt(n).toString()}`;
  return `n${n}`;
};

/**
 * A key that two JSON values share exactly when Python finds them equal (`==`) and hashes them
 * alike: `True == 1 == 1.0`, dicts compare without regard to order, lists in order. pydantic
 * deduplicates union members and compares `$ref` siblings this way.
 */
export const pyEqualityKey = (value: PyJson): string => {
  if (value === null) return 'N';
  if (typeof value === 'boolean') return value ? 'n1' : 'n0';
  if (typeof value === 'number' || typeof value === 'bigint' || value instanceof PyFloat) return numberKey(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${(value as readonly PyJson[]).map(pyEqualityKey).join(',')}]`;
  const entries = [...objectEntries(value as PyJsonObject)];
  entries.sort(([a], [b]) => compareCodePoints(a, b));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${pyEqualityKey(v)}`).join(',')}}`;
};

/** Python's `a == b` on two JSON values. */
export const pyEquals = (a: PyJson, b: PyJson): boolean => pyEqualityKey(a) === pyEqualityKey(b);

/** `list({key(v): v for v in values}.values())`: the first position of each value, holding its last occurrence. */
export const deduplicateLastWins = <T>(values: Iterable<T>, key: (value: T) => string): T[] => {
  const seen = new Map<string, T>();
  for (const value of values) seen.set(key(value), value);
  return [...seen.values()];
};
