import { describe, expect, it } from 'vitest';
import { parsePyJson } from '../../../src/json/parsePyJson.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { compareErrors } from '../../../conformance/compare/compareErrors.js';
import { compareValues } from '../../../conformance/compare/compareValues.js';
import { EQUIVALENCE_RULES, RULE_NAMES, enforceRules } from '../../../conformance/compare/equivalenceRules.js';
import { judgeOutcome } from '../../../conformance/compare/judgeOutcome.js';
import { textSpellingRules } from '../../../conformance/compare/textSpelling.js';
import type { FixtureCase } from '../../../conformance/fixtures/fixtureCase.js';
import type { ParticipantOutcome } from '../../../conformance/clients/participant.js';
import { normalizeComparator } from '../../../conformance/areas/normalize/normalizeComparator.js';
import { readStrict } from '../../../conformance/cli/participantOptions.js';

const sides = { left: 'python', right: 'other' };
const on = { strict: new Set<never>() };
const json = (text: string): PyJson => parsePyJson(text);
const error = (kind: string, message: string, path: string): PyJson => new Map<string, PyJson>([['kind', kind], ['message', message], ['path', path]]);

describe('compare/equivalenceRules', () => {
  it('holds each rule once, with a name and a reason', () => {
    expect(EQUIVALENCE_RULES.map((r) => r.name)).toEqual([...RULE_NAMES]);
    for (const rule of EQUIVALENCE_RULES) expect(rule.reason.length).toBeGreaterThan(20);
  });

  it('applies js-number only where a JavaScript number takes part', () => {
    const verdict = compareValues(json('[1.0]'), json('[1]'), sides);
    expect(verdict).toMatchObject({ status: 'equivalent', rules: ['js-number'] });
    expect(enforceRules(verdict, on, ['python', 'typescript']).status).toBe('equivalent');
    expect(enforceRules(verdict, on, ['python', 'java'])).toMatchObject({ status: 'divergent', detail: expect.stringContaining('js-number does not apply to python and java') });
    expect(enforceRules(verdict, { strict: new Set(['js-number']) }, ['python', 'typescript'])).toMatchObject({
      status: 'divergent',
      detail: expect.stringContaining('js-number is turned off by --strict'),
    });
  });

  it('spells floats and escapes alike only for a language whose texts are not Python\'s by contract', () => {
    expect(textSpellingRules('[1e-07, "\\u00e9"]', '[1.0E-7, "é"]', { spacing: false })).toEqual(['float-spelling', 'escaping']);
    expect(textSpellingRules('[1, 2]', '[1,2]', { spacing: false })).toBeUndefined();
    expect(textSpellingRules('[1, 2]', '[1,2]', { spacing: true })).toEqual(['spacing']);
    const verdict = { status: 'equivalent' as const, detail: 'spelled apart', rules: ['float-spelling' as const] };
    expect(enforceRules(verdict, on, ['python', 'java']).status).toBe('equivalent');
    expect(enforceRules(verdict, on, ['python', 'typescript']).status).toBe('divergent');
  });

  it('keeps what no rule explains divergent: a different value, a different path, a message beyond the type name', async () => {
    expect(textSpellingRules('[1e-07]', '[1.1E-7]', { spacing: true })).toBeUndefined();
    expect(compareValues(json('[1.0]'), json('[2]'), sides).status).toBe('divergent');
    const mask = normalizeComparator.maskTypeNames!;
    const python = error('TypeError', 'Object of type dict is not JSON serializable', 'result.a');
    expect(compareErrors(python, error('TypeError', 'Object of type java.util.LinkedHashMap is not JSON serializable', 'result.a'), sides, { message: mask })).toMatchObject({
      status: 'equivalent',
      rules: ['type-names'],
    });
    expect(compareErrors(python, error('TypeError', 'Object of type java.util.LinkedHashMap is not JSON serializable', 'result.b'), sides, { message: mask }).status).toBe('divergent');
    expect(compareErrors(python, error('TypeError', 'Object of type java.util.LinkedHashMap is not serializable', 'result.a'), sides, { message: mask }).status).toBe('divergent');
    expect(compareErrors(python, error('TypeError', 'Object of type Handle is not JSON serializable', 'result.a'), sides, { message: mask }).status).toBe('divergent');
  });

  it('judges through the declared languages and --strict, and names the rules', async () => {
    const testCase: FixtureCase = { id: 'normalize/r/c', area: 'normalize', file: 'r.yaml', op: 'normalize', contracts: [] };
    const answer = (text: string): ParticipantOutcome => ({ status: 'result', result: parsePyJson(text), text });
    const reference = { name: 'python', outcome: answer('{"json": "[1.0]", "content": "[1.0]"}'), corroborated: true };
    const other = answer('{"json": "[1]", "content": "[1]"}');
    const judge = (language: string, strict: readonly string[] = []) =>
      judgeOutcome(testCase, 'other', other, reference, undefined, { strict: readStrict(strict), languageOf: (n) => (n === 'python' ? 'python' : language) });
    expect(await judge('typescript')).toMatchObject({ status: 'equivalent', rules: ['js-number'] });
    expect((await judge('java')).status).toBe('divergent');
    expect((await judge('typescript', ['all'])).status).toBe('divergent');
    expect(() => readStrict(['js-numbers'])).toThrow('--strict "js-numbers" names no equivalence rule');
  });
});
