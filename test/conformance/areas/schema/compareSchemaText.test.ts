import { describe, expect, it } from 'vitest';
import { parsePyJson } from '../../../../src/json/parsePyJson.js';
import type { FieldContext } from '../../../../conformance/compare/opComparator.js';
import { makeSchemaTextComparator } from '../../../../conformance/areas/schema/compareSchemaText.js';

const sides = { left: 'python', right: 'ts' };
const context: FieldContext = { testCase: { id: 'schema/x/y', area: 'schema', file: 'schema/x.yaml', op: 'derive_schema', contracts: [] }, pointer: '/input_schema' };
const instances = ['{"a": 1}', '{"a": 1.5}', '{}', '{"a": "x"}'].map((t) => parsePyJson(t));
const compare = makeSchemaTextComparator(() => ({ instances }));

const schema = (a: string, extra = ''): string => `{"properties": {"a": ${a}}${extra}, "required": ["a"], "title": "M", "type": "object"}`;

describe('compare/schema/compareSchemaText', () => {
  it('finds the same text identical without parsing it', async () => {
    expect(await compare('not even json', 'not even json', sides, context)).toEqual({ status: 'identical', detail: '' });
  });

  it('finds another key order equivalent, and the accepted values the same', async () => {
    const verdict = await compare(schema('{"title": "A", "type": "integer"}'), schema('{"type": "integer", "title": "A"}'), sides, context);
    expect(verdict).toEqual({
      status: 'equivalent',
      detail: 'structure: key order at `/properties/a` is title, type in python and type, title in ts; json-schema-diff finds the same accepted values; behaviour: 4 instances judged alike',
      rules: ['key-order'],
    });
  });

  it('finds other text of the same schema equivalent', async () => {
    const verdict = await compare('{"title": "\\u00e9"}', '{"title": "é"}', sides, context);
    expect(verdict.status).toBe('equivalent');
    expect(verdict.detail).toMatch(/^same schema in other text \(spacing or escapes\)/);
  });

  it('finds a changed annotation divergent, although the accepted values are the same', async () => {
    const verdict = await compare(schema('{"title": "A", "type": "integer"}'), schema('{"title": "B", "type": "integer"}'), sides, context);
    expect(verdict.status).toBe('divergent');
    expect(verdict.detail).toBe('structure: `/properties/a/title` is "A" in python and "B" in ts; json-schema-diff finds the same accepted values; behaviour: 4 instances judged alike');
  });

  it('reports what json-schema-diff and the behaviour check find when the accepted values differ', async () => {
    const verdict = await compare(schema('{"title": "A", "type": "integer"}'), schema('{"title": "A", "type": "number"}'), sides, context);
    expect(verdict.status).toBe('divergent');
    expect(verdict.detail).toContain('structure: `/properties/a/type` is "integer" in python and "number" in ts');
    expect(verdict.detail).toContain('json-schema-diff: ts accepts values python refuses');
    expect(verdict.detail).toContain(`behaviour: 1 of 4 instances judged apart: {"a": 1.5} is refused by python's schema and accepted by ts's`);
  });

  it('says why the behaviour check did not run', async () => {
    const none = makeSchemaTextComparator(() => ({ unavailable: 'the declaration does not load' }));
    const verdict = await none(schema('{"type": "integer"}'), schema('{"type": "string"}'), sides, context);
    expect(verdict.detail).toContain('behaviour check skipped: the declaration does not load');
  });

  it('finds a text that is not JSON divergent, and compares a non-text schema as a value', async () => {
    expect(await compare('{}', '{', sides, context)).toMatchObject({ status: 'divergent', detail: expect.stringMatching(/^the schema text of ts is not JSON/) });
    expect(await compare(null, '{}', sides, context)).toEqual({ status: 'divergent', detail: '(root) is null in python and "{}" in ts' });
  });
});
