import fc from 'fast-check';
import { PyFloat, type PyJson } from '../../../src/json/pyJson.js';
import type { ValueShape } from './valueShape.js';

const doc = (...entries: [string, PyJson][]): Map<string, PyJson> => new Map(entries);

/** Keys that exercise the path syntax and JavaScript's special keys. */
const keyArbitrary: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('a', 'b', 'name', 'k', 'score', 'items') },
  { weight: 2, arbitrary: fc.constantFrom('', 'a.b', 'x[0]', 'say "hi"', 'café', '日本', '😀', 'sp ace', '\u0000', '\u007f') },
  { weight: 2, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'toJSON', '0', '10', '2', '4294967295') },
  { weight: 1, arbitrary: fc.string({ maxLength: 6, unit: 'binary' }) },
);

const floats: fc.Arbitrary<PyJson> = fc.oneof(
  fc.constantFrom(0.1, -2.5, 1e-7, 0.0001, 1e-5, 5e-324, 123456.789, 1.7976931348623157e308).map((f) => new PyFloat(f)),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((f) => new PyFloat(f)),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '-0.0', '1.0', '1e16', '2.5e20', '1e400').map((text) => doc(['$float', text])),
);

const ints: fc.Arbitrary<PyJson> = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.constantFrom(0, 2 ** 53 - 1, -(2 ** 53) + 1),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map((n) => doc(['$int', n.toString()])),
);

const strings: fc.Arbitrary<PyJson> = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.string({ maxLength: 6, unit: 'binary' }),
  fc.constantFrom('é', '日本語', '😀', '\ud800', '\u2028', 'a"b\\c', 'nan', '1.0', 'true'),
);

/** Leaves JSON has no form for, but Python has: bytes, a set, a plain class instance. */
const nonJsonLeaves: fc.Arbitrary<PyJson> = fc.oneof(
  fc.uint8Array({ maxLength: 4 }).map((bytes) => doc(['$bytes', Buffer.from(bytes).toString('base64')])),
  // Ints below 8 in ascending order: the order Python lists a small set in, too.
  fc.uniqueArray(fc.integer({ min: 0, max: 7 }), { maxLength: 3 }).map((items) => doc(['$set', items.sort((a, b) => a - b)])),
  fc.constantFrom('Handle', 'object', 'Widget').map((name) => doc(['$object', name], ['fields', doc(['id', 1])])),
);

/** A scalar leaf of the value encoding. */
export const leafArbitrary: fc.Arbitrary<PyJson> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom<PyJson>(null, true, false) },
  { weight: 3, arbitrary: ints },
  { weight: 3, arbitrary: floats },
  { weight: 3, arbitrary: strings },
  { weight: 1, arbitrary: nonJsonLeaves },
);

/** Map keys: mostly strings, sometimes what Python can hash but JSON cannot take as a key. */
const mapKeyArbitrary: fc.Arbitrary<PyJson> = fc.oneof(
  { weight: 6, arbitrary: keyArbitrary },
  { weight: 1, arbitrary: fc.oneof(fc.integer({ min: -3, max: 3 }), fc.boolean(), fc.constant(null)) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 0, max: 3 }), keyArbitrary).map((items) => doc(['$tuple', items])) },
);

const plainKey = keyArbitrary.filter((key) => !key.startsWith('$'));

/**
 * Value shapes over the whole cross-language encoding: scalars and non-JSON leaves, lists,
 * tuples, objects with tricky keys, `$literal` and `$nullProto` objects, maps with non-string
 * keys, reference places (shared nodes and cycles), wide lists, and deep `$chain`s.
 */
export const shapeArbitrary = (maxDepth = 4): fc.Arbitrary<ValueShape> =>
  fc.letrec<{ shape: ValueShape }>((tie) => ({
    shape: fc.oneof(
      { depthSize: 'small', maxDepth, withCrossShrink: true },
      { weight: 6, arbitrary: leafArbitrary.map((v): ValueShape => ({ t: 'leaf', v })) },
      { weight: 1, arbitrary: fc.constant<ValueShape>({ t: 'ref' }) },
      { weight: 2, arbitrary: fc.array(tie('shape'), { maxLength: 4 }).map((items): ValueShape => ({ t: 'list', items })) },
      { weight: 1, arbitrary: fc.array(tie('shape'), { maxLength: 3 }).map((items): ValueShape => ({ t: 'tuple', items })) },
      {
        weight: 2,
        arbitrary: fc.uniqueArray(fc.tuple(plainKey, tie('shape')), { maxLength: 4, selector: ([k]) => k }).map((entries): ValueShape => ({ t: 'object', entries })),
      },
      {
        weight: 1,
        arbitrary: fc
          .uniqueArray(fc.tuple(fc.oneof(fc.constantFrom('$id', '$ref', '$float', '$x'), plainKey), tie('shape')), { minLength: 1, maxLength: 3, selector: ([k]) => k })
          .map((entries): ValueShape => ({ t: 'literal', entries })),
      },
      {
        weight: 1,
        arbitrary: fc.uniqueArray(fc.tuple(plainKey, tie('shape')), { maxLength: 3, selector: ([k]) => k }).map((entries): ValueShape => ({ t: 'nullProto', entries })),
      },
      { weight: 1, arbitrary: fc.array(fc.tuple(mapKeyArbitrary, tie('shape')), { maxLength: 3 }).map((entries): ValueShape => ({ t: 'map', entries })) },
      { weight: 1, arbitrary: fc.array(leafArbitrary, { minLength: 10, maxLength: 60 }).map((items): ValueShape => ({ t: 'list', items: items.map((v) => ({ t: 'leaf', v })) })) },
      {
        weight: 1,
        arbitrary: fc
          .record({
            // Mostly short; now and then past Python's recursion limit (deeper ones are in the fixtures and benchmarks).
            depth: fc.oneof({ weight: 30, arbitrary: fc.integer({ min: 1, max: 30 }) }, { weight: 1, arbitrary: fc.constantFrom(200, 1200) }),
            key: fc.oneof(fc.constant(null), keyArbitrary.filter((key) => !key.startsWith('$'))),
            leaf: tie('shape'),
          })
          .map(({ depth, key, leaf }): ValueShape => ({ t: 'chain', depth, key, leaf })),
      },
    ),
  })).shape;
