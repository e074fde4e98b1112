import { describe, expect, it } from 'vitest';
import { compareResults } from '../../../../conformance/compare/compareResults.js';
import type { FixtureCase } from '../../../../conformance/fixtures/fixtureCase.js';
import { normalizeComparator } from '../../../../conformance/areas/normalize/normalizeComparator.js';
import { maskNormalizeTypeNames } from '../../../../conformance/areas/normalize/typeNames.js';
import type { PyJson } from '../../../../src/json/pyJson.js';

const testCase = (expect?: Map<string, PyJson>): FixtureCase => ({
  id: 'normalize/t/c',
  area: 'normalize',
  file: 't.yaml',
  op: 'normalize',
  contracts: [],
  ...(expect === undefined ? {} : { expect }),
});
const result = (json: string, content = json, digest = 'same'): Map<string, PyJson> =>
  new Map([['json', json], ['content', content], ['json_sha256', digest]]);
const error = (kind: string, message: string, path?: string): Map<string, PyJson> =>
  new Map([['error', new Map<string, PyJson>([['kind', kind], ['message', message], ...(path ? [['path', path] as [string, PyJson]] : [])])]]);

const compare = (python: Map<string, PyJson>, ts: Map<string, PyJson>) =>
  compareResults({ name: 'python', value: python }, { name: 'ts', value: ts }, { testCase: testCase(), comparator: normalizeComparator });

describe('normalize/normalizeComparator', () => {
  it('finds identical texts identical', async () => {
    expect((await compare(result('{"a":[1,2.5]}'), result('{"a":[1,2.5]}'))).status).toBe('identical');
  });

  it('finds texts that differ only by 1.0 against 1 equivalent, and says so', async () => {
    const verdict = await compare(result('{"a":1.0,"b":1e+16}', '{"a":1.0,"b":1e+16}', 'x'), result('{"a":1,"b":10000000000000000}', '{"a":1,"b":10000000000000000}', 'y'));
    expect(verdict.status).toBe('equivalent');
    expect(verdict.detail).toContain('`/a` is 1.0 in python and 1 in ts');
    expect(verdict.rules).toEqual(['js-number']);
  });

  it('finds a top-level whole float against an int equivalent in both fields', async () => {
    expect((await compare(result('1.0', '1.0', 'x'), result('1', '1', 'y'))).status).toBe('equivalent');
  });

  it('finds a different value divergent', async () => {
    expect((await compare(result('[1,2]'), result('[1,3]'))).status).toBe('divergent');
    expect((await compare(result('"done"', 'done'), result('"done"', 'Done'))).status).toBe('divergent');
  });

  it('finds the same value spaced differently divergent, and escaped differently equivalent only through escaping', async () => {
    const spaced = await compare(result('[1, 2]'), result('[1,2]'));
    expect(spaced.status).toBe('divergent');
    expect(spaced.detail).toContain('written differently');
    const escaped = await compare(result('["\\u00e9"]'), result('["é"]'));
    expect(escaped).toMatchObject({ status: 'equivalent', rules: ['escaping'] });
    const float = await compare(result('[1e-07]'), result('[1.0E-7]'));
    expect(float).toMatchObject({ status: 'equivalent', rules: ['float-spelling'] });
  });

  it('compares errors by kind, path and message, with type names masked', async () => {
    const python = error('TypeError', 'Sub-agent result must be JSON-compatible at result.b, found bytes', 'result.b');
    expect((await compare(python, error('TypeError', 'Sub-agent result must be JSON-compatible at result.b, found Uint8Array', 'result.b'))).status).toBe('equivalent');
    expect((await compare(python, error('TypeError', 'Sub-agent result must be JSON-compatible at result.b, found Handle', 'result.b'))).status).toBe('divergent');
    expect((await compare(python, error('TypeError', 'Sub-agent result must be JSON-compatible at result.b, found bytes', 'result.c'))).status).toBe('divergent');
    expect((await compare(python, error('ValueError', 'Sub-agent result must be JSON-compatible at result.b, found bytes', 'result.b'))).status).toBe('divergent');
  });

  it('holds a digest against an expect that pins nothing else', async () => {
    const expect1 = new Map<string, PyJson>([['json_sha256', 'abc']]);
    const verdict = await compareResults({ name: 'expect', value: expect1 }, { name: 'ts', value: result('1', '1', 'def') }, {
      testCase: testCase(expect1),
      partial: true,
      comparator: normalizeComparator,
    });
    expect(verdict.status).toBe('divergent');
  });
});

describe('normalize/typeNames', () => {
  it.each([
    ['Sub-agent result must be JSON-compatible at result.x, found Uint8Array', 'Sub-agent result must be JSON-compatible at result.x, found bytes'],
    ['Sub-agent result must be JSON-compatible at result, found Set', 'Sub-agent result must be JSON-compatible at result, found set'],
    ['Sub-agent result must be JSON-compatible at result.a, b, found frozenset', 'Sub-agent result must be JSON-compatible at result.a, b, found set'],
    ['Object of type Uint8Array is not JSON serializable', 'Object of type bytes is not JSON serializable'],
    ['keys must be str, int, float, bool or None, not Array', 'keys must be str, int, float, bool or None, not tuple'],
    ['Sub-agent result must be JSON-compatible at result, found Handle', 'Sub-agent result must be JSON-compatible at result, found Handle'],
    ['Non-finite number in sub-agent result at result.Set', 'Non-finite number in sub-agent result at result.Set'],
    ["Unable to serialize unknown type: <class 'agentparity.values.Handle'>", "Unable to serialize unknown type: <class 'Handle'>"],
    ["Unable to serialize unknown type: <class 'Handle'>", "Unable to serialize unknown type: <class 'Handle'>"],
  ])('masks %s', (message, masked) => {
    expect(maskNormalizeTypeNames(message)).toBe(masked);
  });
});
