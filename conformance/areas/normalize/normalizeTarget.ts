import fc from 'fast-check';
import type { PyJson } from '../../../src/json/pyJson.js';
import { judgeOutcome } from '../../compare/judgeOutcome.js';
import { IDENTICAL } from '../../compare/verdict.js';
import type { FixtureCase } from '../../fixtures/fixtureCase.js';
import type { FuzzTarget } from '../../fuzz/fuzzTarget.js';
import type { ProtocolCase } from '../../serve/ops/index.js';
import { normalizeComparator } from './normalizeComparator.js';
import { typedArbitrary } from './typedArbitrary.js';
import { shapeArbitrary } from './valueArbitrary.js';
import { writeShape } from './writeShape.js';

/** One drawn case: an encoded value, and for a typed case the declaration whose model `R` reads it. */
export interface NormalizeDraw {
  readonly value: PyJson;
  readonly declaration?: PyJson;
}

const untyped: fc.Arbitrary<NormalizeDraw> = fc
  .tuple(shapeArbitrary(), fc.array(fc.nat(), { maxLength: 4 }))
  .map(([shape, choices]) => ({ value: writeShape(shape, choices) }));

const typed: fc.Arbitrary<NormalizeDraw> = typedArbitrary.map(({ declaration, value }) => ({ declaration, value }));

let drawn = 0;

/**
 * `agentparity fuzz normalize`: values over the whole cross-language value encoding (non-JSON
 * leaves, shared nodes and cycles, wide and deep trees), a quarter of them read through a drawn
 * declared result type, normalized and rendered by every participant. The results must agree: the
 * same JSON or the same error (kind, path, message modulo type names), and the same content, or an
 * `equivalent` that says why (a JavaScript number cannot tell 1.0 from 1).
 * TypeScript-only values are left out: Python skips them (they are fuzzed in `npm test` alone).
 */
export const normalizeTarget: FuzzTarget<NormalizeDraw> = {
  name: 'normalize',
  summary: 'normalize and render values of the whole encoding, with and without declared result types',
  area: 'normalize',
  arbitrary: fc.oneof({ weight: 3, arbitrary: untyped }, { weight: 1, arbitrary: typed }),
  toCase(draw) {
    const input = new Map<string, PyJson>([['value', draw.value]]);
    if (draw.declaration !== undefined) input.set('result_type', 'R');
    return {
      id: `normalize/fuzz/${++drawn}`,
      op: 'normalize',
      ...(draw.declaration === undefined ? {} : { declaration: draw.declaration }),
      input,
    } satisfies ProtocolCase;
  },
  compare(reference, other, draw, sides) {
    // Most cases are answered with the same text, which settles them at once.
    if (reference.status === 'result' && other.status === 'result' && reference.text === other.text) return IDENTICAL;
    const testCase: FixtureCase = {
      id: 'normalize/fuzz/case',
      area: 'normalize',
      file: 'fuzz',
      op: 'normalize',
      contracts: [8, 9, 12],
      ...(draw.declaration === undefined ? {} : { declaration: draw.declaration }),
    };
    return judgeOutcome(testCase, sides.right, other, { name: sides.left, outcome: reference }, normalizeComparator);
  },
};
