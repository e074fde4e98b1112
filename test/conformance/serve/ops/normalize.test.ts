import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareResults } from '../../../../conformance/compare/compareResults.js';
import { loadFixtures } from '../../../../conformance/fixtures/loadFixtures.js';
import { normalizeComparator } from '../../../../conformance/areas/normalize/normalizeComparator.js';
import { tsOps } from '../../../../conformance/serve/ops/index.js';

const root = fileURLToPath(new URL('../../../../fixtures', import.meta.url));
const { cases, problems } = loadFixtures(root, ['normalize']);

// Where TypeScript's text differs from Python's only because a JavaScript number cannot tell a
// whole float from an int, or because the two languages name a type differently.
const EQUIVALENT = new Set([
  'normalize/numbers/whole-float-root',
  'normalize/numbers/large-whole-floats',
  'normalize/paths/bytes-found',
  'normalize/paths/set-found',
  'normalize/render/tuple-key-refused',
  'normalize/render/bytes-inside-refused',
]);

describe('participant/ops/normalize on fixtures/normalize', () => {
  it('loads every case', () => {
    expect(problems).toEqual([]);
    expect(cases.length).toBeGreaterThanOrEqual(60);
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s meets its expectation', async (_id, testCase) => {
    const handler = tsOps[testCase.op]!;
    const outcome = await handler({
      id: testCase.id,
      op: testCase.op,
      input: testCase.input!,
      ...(testCase.declaration === undefined ? {} : { declaration: testCase.declaration }),
    });
    expect('result' in outcome, `skipped: ${'skipped' in outcome ? outcome.skipped : ''}`).toBe(true);
    if (!('result' in outcome)) return;
    const verdict = await compareResults(
      { name: 'expect', value: testCase.expect! },
      { name: 'ts', value: outcome.result },
      { testCase, partial: true, comparator: normalizeComparator },
    );
    expect(verdict.status, verdict.detail).toBe(EQUIVALENT.has(testCase.id) ? 'equivalent' : 'identical');
  });
});
