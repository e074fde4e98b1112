import fc from 'fast-check';
import { PyFloat, type PyJson } from '../../../src/json/pyJson.js';

/** Text with the characters that printing cares about: non-ASCII, quotes, escapes, emoji. */
export const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 8 }) },
  { weight: 1, arbitrary: fc.constantFrom('', 'é', 'Größe', '名前', 'say "hi"', 'back\\slash', 'line\nbreak', 'tab\there', '😀', '\u007f', '\u2028') },
);

/** An int, sometimes beyond 2^53, where only exact integers keep it. */
export const int = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: -1000, max: 1000 }) }, { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }) }).map(
  (n): number | bigint => (typeof n === 'bigint' && Number.isSafeInteger(Number(n)) ? Number(n) : n),
);

/** A finite float, with the values Python prints its own way (2.0, 1e-07, 1e+16, -0.0). */
export const float = fc
  .oneof(
    { weight: 3, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
    { weight: 2, arbitrary: fc.constantFrom(2, 0.5, 1e-7, 1e16, 1e15, -0, 123456789.123, 5e-324, 0.1) },
  )
  .map((n) => new PyFloat(n));

/** A JSON scalar as a default or an example holds it. */
export const scalar: fc.Arbitrary<PyJson> = fc.oneof(text, int, float, fc.boolean(), fc.constant(null));

/** A small JSON value, objects included (pydantic sorts objects nested in a default). */
export const jsonValue: fc.Arbitrary<PyJson> = fc.letrec<{ value: PyJson }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.uniqueArray(fc.tuple(fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('10', '2', 'B', 'a')), tie('value')), { maxLength: 3, selector: ([k]) => k }).map((entries) => new Map(entries)),
  ),
})).value;

/** A key for a value under Python `==`: 1, 1.0 and True are one value. */
export const pythonEqualityKey = (value: PyJson): string => {
  if (typeof value === 'boolean') return `n:${Number(value)}`;
  if (typeof value === 'number' || typeof value === 'bigint') return `n:${String(value)}`;
  if (value instanceof PyFloat) return Number.isInteger(value.value) ? `n:${BigInt(value.value)}` : `n:${value.value}`;
  return `j:${typeof value}:${JSON.stringify(value)}`;
};

/**
 * Values for a set: hashable scalars, none equal to another under Python `==`; mostly of one type,
 * sometimes mixed. A set of mixed types (which pydantic cannot sort) and a set of strings inside a
 * model-instance default (which Python prints in hash order) are refused by both readers, so
 * drawing them checks that both refuse them alike.
 */
export const setElements: fc.Arbitrary<PyJson[]> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.oneof(text, int, fc.boolean()).chain((sample) => {
      const element: fc.Arbitrary<PyJson> = typeof sample === 'string' ? text : typeof sample === 'boolean' ? fc.boolean() : int;
      return fc.uniqueArray(element, { maxLength: 4, selector: pythonEqualityKey });
    }),
  },
  { weight: 1, arbitrary: fc.uniqueArray(fc.oneof(text, int, fc.boolean(), fc.constant(null)), { minLength: 2, maxLength: 4, selector: pythonEqualityKey }) },
);

export const datetimeText = fc.constantFrom('2024-01-02T03:04:05', '2024-01-02T03:04:05.123456Z', '1999-12-31T23:59:59+05:30', '2024-02-29T00:00');
export const dateText = fc.constantFrom('2024-01-02', '1970-01-01', '2000-02-29');
export const timeText = fc.constantFrom('03:04:05', '23:59:59.999999', '12:00Z', '08:30:00-02:00');
export const durationText = fc.constantFrom('P1D', 'PT1H30M', 'PT0.5S', '-P2DT3H', 'P0D', 'PT90M', 'P1DT1S');
export const uuidText = fc.uuid();
export const decimalText = fc.constantFrom('1.50', '0', '-3.14159', '1e3', '+2.5e-3', '100');
