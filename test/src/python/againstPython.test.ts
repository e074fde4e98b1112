import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PyFloat, type PyJson } from '../../../src/json/pyJson.js';
import { writePyJson } from '../../../src/json/writePyJson.js';
import { formatPyFloat } from '../../../src/python/formatPyFloat.js';
import { pyEquals } from '../../../src/python/pyEquality.js';
import { pyRepr, pyStr, pyStringRepr } from '../../../src/python/pyRepr.js';
import { isPythonBlank, pyStrip } from '../../../src/python/pyText.js';
import { pyTitle } from '../../../src/python/pyTitle.js';
import { pyTypeName } from '../../../src/python/pyTypeName.js';
import { runPython } from '../../helpers/python.js';

// Every behaviour of src/python/ that takes drawn inputs, compared with the interpreter itself:
// one Python process answers for all the draws of this file.

// Whitespace, controls, quotes, the characters repr escapes, case pairs and astral planes are
// drawn often; any code point (lone surrogates included) sometimes.
const tricky = fc.constantFrom(...' \t\n\r\v\f\x1c\x85\xa0\u1680\u2028\u2029\u3000\ufeff\x00\x7f\'"\\_aZ1ǅßΣσςİıﬀ\u0345\u00ad\u200b\ue000\ud800\udfff😀\u{e0001}\u{31350}\u{10ffff}'.split(/(?:)/u));
const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 12 }), fc.string({ unit: tricky, maxLength: 12 }), fc.string({ unit: fc.oneof(tricky, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), maxLength: 8 }));

// The values of the value model that have one Python counterpart: a whole number is an int (also
// past 2^53), `-0` and a PyFloat a float, a Map a dict.
const scalar = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  text,
  fc.integer({ min: -1000, max: 1000 }),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
  fc.constantFrom<PyJson>(-0, 1e21, 2 ** 53, -(2 ** 60), 0.5, -2.5e-7),
  fc.double().map((d) => new PyFloat(d)),
);
const value: fc.Arbitrary<PyJson> = fc.letrec<{ node: PyJson }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    { weight: 5, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(tie('node'), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.array(fc.tuple(text, tie('node')), { maxLength: 3 }).map((entries) => new Map(entries)) },
  ),
})).node;

// Few distinct values, so that equal pairs across types (`1`, `1.0`, `True`) are drawn often. NaN
// is left out: Python's `==` on it depends on object identity, which JSON cannot carry.
const small: fc.Arbitrary<PyJson> = fc.letrec<{ node: PyJson }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', maxDepth: 2 },
    { weight: 4, arbitrary: fc.constantFrom<PyJson>(null, true, false, 0, 1, 2n, -0, new PyFloat(0), new PyFloat(1), new PyFloat(-0), new PyFloat(1.5), 'a', '1', '') },
    { weight: 1, arbitrary: fc.array(tie('node'), { maxLength: 2 }) },
    { weight: 1, arbitrary: fc.array(fc.tuple(fc.constantFrom('a', 'b'), tie('node')), { maxLength: 2 }).map((entries) => new Map(entries)) },
  ),
})).node;

const doubleHex = (d: number): string => {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, d);
  return [...new Uint8Array(view.buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
};

const draw = <T>(arbitrary: fc.Arbitrary<T>, count: number, seed: number): T[] => fc.sample(arbitrary, { numRuns: count, seed });

const texts = draw(text, 3000, 15);
const values = draw(value, 2000, 16);
const pairs = draw(fc.tuple(small, small), 2000, 17);
const doubles = draw(fc.oneof(fc.double(), fc.constantFrom(-0, 1e16, 1e-4, 1e-5, 123456789012345680, 5e-324, Number.MAX_VALUE)), 3000, 18);

const PROGRAM = String.raw`
import struct
values = [json.loads(v) for v in inputs["values"]]
pairs = [(json.loads(a), json.loads(b)) for a, b in inputs["pairs"]]
print(json.dumps({
    "string_repr": [repr(t) for t in inputs["texts"]],
    "title": [t.title() for t in inputs["texts"]],
    "strip": [t.strip() for t in inputs["texts"]],
    "blank": [t.strip() == "" for t in inputs["texts"]],
    "repr": [repr(v) for v in values],
    "str": [str(v) for v in values],
    "type_name": [type(v).__name__ for v in values],
    "equal": [a == b for a, b in pairs],
    "float_repr": [repr(struct.unpack(">d", bytes.fromhex(h))[0]) for h in inputs["doubles"]],
}))
`;

interface Answers {
  readonly string_repr: string[];
  readonly title: string[];
  readonly strip: string[];
  readonly blank: boolean[];
  readonly repr: string[];
  readonly str: string[];
  readonly type_name: string[];
  readonly equal: boolean[];
  readonly float_repr: string[];
}

const wire = (v: PyJson): string => writePyJson(v, { allowNan: true });
const python = runPython<Answers>(PROGRAM, { texts, values: values.map(wire), pairs: pairs.map(([a, b]) => [wire(a), wire(b)]), doubles: doubles.map(doubleHex) });

// Each check lists the first inputs that disagree, with both answers, so a failure names them.
const disagreements = <I, O>(inputs: readonly I[], ours: (input: I) => O, theirs: readonly O[]): [I, O, O][] =>
  inputs.flatMap((input, i): [I, O, O][] => {
    const mine = ours(input);
    return Object.is(mine, theirs[i]) || mine === theirs[i] ? [] : [[input, mine, theirs[i]!]];
  }).slice(0, 5);

describe('src/python against the live interpreter', () => {
  it('repr(str)', () => expect(disagreements(texts, pyStringRepr, python.string_repr)).toEqual([]));
  it('str.title()', () => expect(disagreements(texts, pyTitle, python.title)).toEqual([]));
  it('str.strip()', () => expect(disagreements(texts, pyStrip, python.strip)).toEqual([]));
  it('text.strip() == ""', () => expect(disagreements(texts, isPythonBlank, python.blank)).toEqual([]));
  it('repr() of a JSON value', () => expect(disagreements(values, pyRepr, python.repr)).toEqual([]));
  it('str() of a JSON value', () => expect(disagreements(values, pyStr, python.str)).toEqual([]));
  it('type(v).__name__', () => expect(disagreements(values, (v) => pyTypeName(v), python.type_name)).toEqual([]));
  it('a == b', () => expect(disagreements(pairs, ([a, b]) => pyEquals(a, b), python.equal)).toEqual([]));
  it('repr(float)', () => expect(disagreements(doubles, formatPyFloat, python.float_repr)).toEqual([]));
  it('the draws are many and varied', () => {
    expect(new Set(python.type_name)).toEqual(new Set(['NoneType', 'bool', 'str', 'int', 'float', 'list', 'dict']));
    expect(python.equal.filter(Boolean).length).toBeGreaterThan(100);
    expect(python.equal.filter((equal) => !equal).length).toBeGreaterThan(100);
  });
});
