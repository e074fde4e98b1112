import { describe, expect, it } from 'vitest';
import { parsePyJson } from '../../../src/json/parsePyJson.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { compareErrors } from '../../../conformance/compare/compareErrors.js';
import { compareResults, type Side } from '../../../conformance/compare/compareResults.js';
import type { OpComparator } from '../../../conformance/compare/opComparator.js';
import { divergent } from '../../../conformance/compare/verdict.js';
import type { FixtureCase } from '../../../conformance/fixtures/fixtureCase.js';

const testCase: FixtureCase = { id: 'a/b/c', area: 'a', file: 'a/b.yaml', op: 'normalize', contracts: [] };
const side = (name: string, text: string): Side => ({ name, value: parsePyJson(text), text });
const sides = { left: 'python', right: 'ts' };

describe('compare/compareErrors', () => {
  const error = (kind: string, message: string, path?: string) => new Map<string, string>([['kind', kind], ['message', message], ...(path ? [['path', path] as [string, string]] : [])]);

  it('agrees when kind, path and message agree', () => {
    expect(compareErrors(error('ValueError', 'bad', '$.a'), error('ValueError', 'bad', '$.a'), sides).status).toBe('identical');
  });

  it('diverges on kind, on path and on message', () => {
    const verdict = compareErrors(error('ValueError', 'bad', '$.a'), error('TypeError', 'worse', '$.b'), sides);
    expect(verdict.status).toBe('divergent');
    expect(verdict.detail).toBe(
      'error kind is "ValueError" in python and "TypeError" in ts; error path is "$.a" in python and "$.b" in ts; error message is "bad" in python and "worse" in ts',
    );
  });

  it('finds messages that differ only in masked type names equivalent', () => {
    const mask = (m: string) => m.replace(/<class '\w+'>|\bnumber\b/g, 'TYPE');
    const verdict = compareErrors(error('TypeError', "expected <class 'int'>"), error('TypeError', 'expected number'), sides, { message: mask });
    expect(verdict).toEqual({ status: 'equivalent', detail: `error message is "expected <class 'int'>" in python and "expected number" in ts (they differ only in type names)`, rules: ['type-names'] });
  });

  it('compares error texts too, through their own mask', () => {
    const withText = (text: string): PyJson => new Map<string, PyJson>([['kind', 'ValidationError'], ['message', 'm'], ['text', text]]);
    const mask = (t: string) => t.replace(/\d+\.0\b/g, (n) => n.slice(0, -2));
    expect(compareErrors(withText('input_value=1.0'), withText('input_value=1'), sides, { text: mask })).toEqual({
      status: 'equivalent',
      detail: 'error text is "input_value=1.0" in python and "input_value=1" in ts (they differ only in how the inputs are shown)',
      rules: ['shown-inputs'],
    });
    expect(compareErrors(withText('input_value=1.5'), withText('input_value=2'), sides, { text: mask }).status).toBe('divergent');
    expect(compareErrors(new Map<string, PyJson>([['kind', 'ValidationError'], ['message', 'm']]), withText('x'), sides, {}, true).status).toBe('identical');
  });

  it('checks only what an expect states when partial', () => {
    const expected = new Map([['kind', 'ValueError']]);
    expect(compareErrors(expected, error('ValueError', 'anything', '$.x'), { left: 'expect', right: 'ts' }, undefined, true).status).toBe('identical');
    expect(compareErrors(expected, error('ValueError', 'anything', '$.x'), { left: 'expect', right: 'ts' }).status).toBe('divergent');
  });
});

describe('compare/compareResults', () => {
  it('finds the same text identical', async () => {
    expect(await compareResults(side('python', '{"a": 1}'), side('ts', '{"a": 1}'), { testCase })).toEqual({ status: 'identical', detail: '' });
  });

  it('finds the same value in other text equivalent, saying where the texts part', async () => {
    const verdict = await compareResults(side('python', '{"a": "\\u00e9"}'), side('ts', '{"a": "é"}'), { testCase });
    expect(verdict.status).toBe('equivalent');
    expect(verdict.detail).toBe('same value, different text from character 8: python wrote "{\\"a\\": \\"\\\\u00e9\\"}" and ts wrote "{\\"a\\": \\"é\\"}"');
  });

  it('finds a float against an int equivalent and another result key order equivalent', async () => {
    const verdict = await compareResults(side('python', '{"n": 1.0, "m": 2}'), side('ts', '{"m": 2, "n": 1}'), { testCase });
    expect(verdict).toEqual({ status: 'equivalent', detail: '`/n` is 1.0 in python and 1 in ts; result key order is n, m in python and m, n in ts', rules: ['js-number', 'key-order'] });
  });

  it('finds a refusal against an answer divergent, both ways', async () => {
    const refused = side('python', '{"error": {"kind": "ValueError", "message": "no"}}');
    const answered = side('ts', '{"value": 1}');
    expect((await compareResults(refused, answered, { testCase })).detail).toBe('python refused (ValueError: no) where ts answered {"value": 1}');
    expect((await compareResults(answered, { ...refused, name: 'ts' }, { testCase })).detail).toBe('ts refused (ValueError: no) where ts answered {"value": 1}');
  });

  it('checks only the keys an expect has', async () => {
    const expected = { name: 'expect', value: parsePyJson('{"value": 1}') };
    expect((await compareResults(expected, side('ts', '{"value": 1, "other": 2}'), { testCase, partial: true })).status).toBe('identical');
    expect(await compareResults(expected, side('ts', '{"other": 2}'), { testCase, partial: true })).toEqual({ status: 'divergent', detail: '`/value` is missing in ts (expect has 1)' });
  });

  it('hands a field with a comparator of its own to it, and labels its detail with the pointer', async () => {
    const comparator: OpComparator = { fields: { text: (a, b, s, context) => divergent(`${s.left} ${String(a)} / ${s.right} ${String(b)} at ${context.pointer}`) } };
    const verdict = await compareResults(side('python', '{"text": "x"}'), side('ts', '{"text": "y"}'), { testCase, comparator });
    expect(verdict).toEqual({ status: 'divergent', detail: '`/text`: python x / ts y at /text' });
  });
});
