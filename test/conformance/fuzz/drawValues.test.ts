import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawValues } from '../../../conformance/fuzz/drawValues.js';

const arbitrary = fc.record({ n: fc.integer(), s: fc.string(), items: fc.array(fc.double(), { maxLength: 3 }) });

describe('fuzz/drawValues', () => {
  it.each([
    [1, 50, 7],
    [-3, 100, 100],
    [42, 33, 1024],
    [9, 0, 5],
  ])('draws what fc.sample draws for seed %i, %i runs, in chunks of %i', (seed, runs, chunk) => {
    expect([...drawValues(arbitrary, seed, runs, chunk)]).toEqual(fc.sample(arbitrary, { seed, numRuns: runs }));
  });
});
