import { describe, expect, it } from 'vitest';
import { parseYaml } from '../../../../src/json/parseYaml.js';
import { writePyJson } from '../../../../src/json/writePyJson.js';
import { instancesForCase } from '../../../../conformance/areas/schema/caseInstances.js';
import { judgeOutcome } from '../../../../conformance/compare/judgeOutcome.js';
import type { FixtureCase } from '../../../../conformance/fixtures/fixtureCase.js';
import { REVIEW_DECLARATION } from '../../../helpers/reviewDeclaration.js';

const declaration = parseYaml(REVIEW_DECLARATION);
const testCase = (input: string): FixtureCase => ({ id: 'schema/x/review', area: 'schema', file: 'x.yaml', op: 'derive_schema', contracts: [], declaration, input: parseYaml(input) });

describe('compare/schema/caseInstances', () => {
  it('generates instances from the root model when the input names no type', () => {
    const source = instancesForCase(testCase('{}'));
    expect('instances' in source && source.instances.slice(0, 2).map((i) => writePyJson(i))).toEqual(['{"path": "sample", "lines": 0}', '{"path": "sample"}']);
  });

  it('generates instances of the input type the input names', () => {
    const source = instancesForCase(testCase('{input_type: {type: list, items: {type: model, name: Review}}}'));
    expect('instances' in source && writePyJson(source.instances[0]!)).toBe('[{"path": "sample", "lines": 0}, {"path": "sample"}]');
  });

  it.each([
    ['{input_type: null}', 'the input type is object, which has no schema'],
    ['{input_type: {type: model, name: Nope}}', 'the declaration does not read: '],
  ])('says why there are none for %s', (input, reason) => {
    const source = instancesForCase(testCase(input));
    expect('unavailable' in source && source.unavailable).toContain(reason);
  });

  it('takes part in judging a derive_schema result against python', async () => {
    // The schema text pydantic 2.13 prints for Review (rules document §2).
    const python = '{"properties": {"path": {"title": "Path", "type": "string"}, "lines": {"default": 0, "title": "Lines", "type": "integer"}}, "required": ["path"], "title": "Review", "type": "object"}';
    const ts = python.replace('"required": ["path"], ', '');
    const result = (schema: string) => {
      const text = writePyJson(new Map([['description', ''], ['input_schema', schema]]));
      return { status: 'result' as const, result: new Map<string, string>([['description', ''], ['input_schema', schema]]), text };
    };
    const verdict = await judgeOutcome(testCase('{}'), 'ts', result(ts), { name: 'python', outcome: result(python) });
    expect(verdict.status).toBe('divergent');
    expect(verdict.detail).toContain('vs python: `/input_schema`: structure: `/required` is missing in ts (python has ["path"])');
    expect(verdict.detail).toContain('json-schema-diff: ts accepts values python refuses');
    expect(verdict.detail).toMatch(/behaviour: \d+ of \d+ instances judged apart: \{"lines": 0\} is refused by python's schema and accepted by ts's/);
  });
});
