import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePyJson } from '../../../src/json/parsePyJson.js';
import { PyFloat, type PyJson } from '../../../src/json/pyJson.js';
import { writePyJson } from '../../../src/json/writePyJson.js';
import { isCaseWireNormal, isWireNormal } from '../../../conformance/protocol/wireNormal.js';
import { pyJsonArbitrary, sameTree } from '../../helpers/pyJsonArbitrary.js';

const readBack = (value: PyJson): PyJson => parsePyJson(writePyJson(value));

describe('protocol/wireNormal', () => {
  it('holds only for values that read back from their text node for node', () => {
    let normal = 0;
    fc.assert(
      fc.property(pyJsonArbitrary, (value) => {
        if (!isWireNormal(value)) return;
        normal++;
        expect(sameTree(readBack(value), value)).toBe(true);
      }),
      { numRuns: 2000 },
    );
    // The property says something: most drawn trees are normal.
    expect(normal).toBeGreaterThan(500);
  });

  it.each([
    ['a whole number', 2],
    ['a float', new PyFloat(2)],
    ['NaN and -0.0 as floats', [new PyFloat(Number.NaN), new PyFloat(-0)]],
    ['an int beyond the safe range', 2n ** 64n],
    ['a Map in written order', new Map<string, PyJson>([['b', 1], ['a', [null, 'é\ud800']]])],
  ] as const)('normal: %s', (_what, value) => {
    expect(isWireNormal(value as PyJson)).toBe(true);
    expect(sameTree(readBack(value as PyJson), value)).toBe(true);
  });

  it.each([
    ['a number with a fraction, read back as a float', 2.5],
    ['-0, read back as a float', -0],
    ['a whole number beyond the safe range, read back as an int', 1e21],
    ['a bigint within the safe range, read back as a number', 5n],
    ['a plain object, read back as a Map', { a: 1 }],
  ] as const)('not normal: %s', (_what, value) => {
    expect(isWireNormal(value as PyJson)).toBe(false);
    expect(sameTree(readBack(value as PyJson), value)).toBe(false);
  });

  it.each([
    ['a Map with a key that is not a string', new Map([[1, 'a']])],
    // eslint-disable-next-line no-sparse-arrays
    ['an array with a hole', [1, , 2]],
    ['undefined', [undefined]],
  ] as const)('not normal, and not even written back: %s', (_what, value) => {
    expect(isWireNormal(value as unknown as PyJson)).toBe(false);
    expect(() => readBack(value as unknown as PyJson)).toThrow();
  });

  it('refuses a node reached twice, which a reader would make two of', () => {
    const shared = new Map<string, PyJson>([['x', 1]]);
    expect(isWireNormal([shared, shared])).toBe(false);
    expect(isWireNormal([shared, new Map(shared)])).toBe(true);
    // A float is a leaf: the reader itself gives the same NaN twice.
    const nan = new PyFloat(Number.NaN);
    expect(isWireNormal([nan, nan])).toBe(true);
  });

  it('looks at a case: its declaration once per object, its input every time', () => {
    const declaration = new Map<string, PyJson>([['format', 'f']]);
    const input = new Map<string, PyJson>([['value', 1]]);
    expect(isCaseWireNormal({ id: 'a/b/c', op: 'normalize', declaration, input })).toBe(true);
    expect(isCaseWireNormal({ id: 'a/b/c', op: 'normalize', input: new Map<string, PyJson>([['value', 2.5]]) })).toBe(false);
    expect(isCaseWireNormal({ id: 'a/b/c', op: 'normalize', declaration: { format: 'f' }, input })).toBe(false);
    expect(isCaseWireNormal({ id: 'a/b/c', op: 'normalize' })).toBe(true);
  });
});
