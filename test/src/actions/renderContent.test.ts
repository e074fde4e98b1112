import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAgentparityError } from '../../../src/errors.js';
import { PyFloat, type PyJson } from '../../../src/json/pyJson.js';
import { writePyJson } from '../../../src/json/writePyJson.js';
import { containerText, toChatMessageContent } from '../../../src/actions/renderContent.js';
import { writeContentJson } from '../../../src/actions/render/writeContentJson.js';

const refusal = (value: unknown): { kind: string; message: string } => {
  try {
    toChatMessageContent(value as PyJson);
  } catch (error) {
    if (!isAgentparityError(error)) throw error;
    return { kind: error.kind, message: error.message };
  }
  throw new Error('rendered');
};

describe('actions/toChatMessageContent (reference §4.5)', () => {
  it('renders a missing result as JSON null', () => {
    expect(toChatMessageContent(null)).toBe('null');
  });

  it('renders scalars as Python str() and containers as compact ASCII JSON', () => {
    expect(toChatMessageContent('text')).toBe('text');
    expect(toChatMessageContent('é')).toBe('é');
    expect(toChatMessageContent(7)).toBe('7');
    expect(toChatMessageContent(true)).toBe('true');
    expect(toChatMessageContent({ a: 1, b: [2] })).toBe('{"a":1,"b":[2]}');
    expect(toChatMessageContent([1, 2])).toBe('[1,2]');
    expect(toChatMessageContent(['é', { k: '😀' }])).toBe('["\\u00e9",{"k":"\\ud83d\\ude00"}]');
  });

  it.each([
    [0.1, '0.1'],
    [1e-7, '1e-07'],
    [new PyFloat(1e16), '1e+16'],
    [new PyFloat(2), '2.0'],
    [1e16, '10000000000000000'],
    [2 ** 60, '1152921504606846976'],
    [-0, '-0.0'],
    [NaN, 'nan'],
    [-Infinity, '-inf'],
    [123456789012345678901234567890n, '123456789012345678901234567890'],
  ])('prints the number %s as %s', (value, text) => {
    expect(toChatMessageContent(value)).toBe(text);
  });

  it('prints numbers inside containers as Python does', () => {
    expect(toChatMessageContent([1e-7, -0, new PyFloat(3), 1e21, 2n ** 70n])).toBe('[1e-07,-0.0,3.0,1000000000000000000000,1180591620717411303424]');
  });

  it('converts Map keys as json.dumps converts dict keys, and refuses the rest', () => {
    expect(toChatMessageContent(new Map<unknown, PyJson>([[2, 'a'], [true, 'b'], [null, 'c'], [1.5, 'd'], [new PyFloat(1), 'e']]) as never)).toBe(
      '{"2":"a","true":"b","null":"c","1.5":"d","1.0":"e"}',
    );
    expect(refusal(new Map([[[1], 'a']]))).toEqual({ kind: 'TypeError', message: 'keys must be str, int, float, bool or None, not Array' });
  });

  it('refuses non-finite numbers inside containers as allow_nan=False does', () => {
    expect(refusal([NaN])).toEqual({ kind: 'ValueError', message: 'Out of range float values are not JSON compliant' });
    expect(refusal({ a: new PyFloat(Infinity) })).toEqual({ kind: 'ValueError', message: 'Out of range float values are not JSON compliant' });
  });

  it('refuses a cycle, and writes a diamond once per path', () => {
    const cyclic: unknown[] = [1];
    cyclic.push(cyclic);
    expect(refusal(cyclic)).toEqual({ kind: 'ValueError', message: 'Circular reference detected' });
    const shared = { x: 1 };
    expect(toChatMessageContent([shared, [shared]])).toBe('[{"x":1},[{"x":1}]]');
  });

  it('refuses values JSON has no form for, in TypeScript names', () => {
    expect(refusal([new Set([1])])).toEqual({ kind: 'TypeError', message: 'Object of type Set is not JSON serializable' });
    expect(refusal({ u: undefined })).toEqual({ kind: 'TypeError', message: 'Object of type undefined is not JSON serializable' });
  });

  it('renders a 200,000-deep array', () => {
    let deep: PyJson = 0;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(toChatMessageContent(deep)).toBe(`${'['.repeat(200_000)}0${']'.repeat(200_000)}`);
  });
});

// JSON values of the value model, with Maps, PyFloats, bigints, -0 and non-ASCII text.
const value: fc.Arbitrary<PyJson> = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<PyJson>(null, true, false, -0, 1e-7, 1e-5, 1e16, 1e21, 0.0001, 5e-324),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.bigInt(),
    fc.string({ unit: 'binary' }),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => new PyFloat(d)),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.string({ unit: 'binary' }), tie('v'), { maxKeys: 4 }),
    fc.array(fc.tuple(fc.string(), tie('v')), { maxLength: 3 }).map((e) => new Map(e)),
  ),
})).v as fc.Arbitrary<PyJson>;

describe('actions/renderContent: the native and our own writer', () => {
  it('write the same text, which is Python compact json.dumps', () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(value), fc.dictionary(fc.string(), value)), (container) => {
        const text = containerText(container);
        expect(text).toBe(writeContentJson(container));
        expect(text).toBe(writePyJson(container, { separators: 'compact' }));
      }),
      { numRuns: 300 },
    );
  });
});
