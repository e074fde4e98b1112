import { describe, expect, it } from 'vitest';
import { parsePyJson } from '../../../../src/json/parsePyJson.js';
import { behaviourCheck } from '../../../../conformance/areas/schema/behaviourCheck.js';
import { unreadableBySchemaDiff } from '../../../../conformance/areas/schema/refGraph.js';
import { setDifference } from '../../../../conformance/areas/schema/setDifference.js';

const sides = { left: 'python', right: 'ts' };

describe('compare/schema/refGraph', () => {
  it('passes a schema whose $defs do not refer to themselves', () => {
    const schema = { $defs: { A: { properties: { b: { $ref: '#/$defs/B' } } }, B: { type: 'string' } }, properties: { a: { $ref: '#/$defs/A' } } };
    expect(unreadableBySchemaDiff(schema)).toBeUndefined();
  });

  it('names a root $ref, a self-reference and a mutual recursion', () => {
    expect(unreadableBySchemaDiff({ $ref: '#/$defs/Node', $defs: {} })).toBe('the schema has a root $ref');
    expect(unreadableBySchemaDiff({ $defs: { Node: { properties: { next: { anyOf: [{ $ref: '#/$defs/Node' }, { type: 'null' }] } } } } })).toBe(
      'the schema is recursive (Node -> Node)',
    );
    expect(unreadableBySchemaDiff({ $defs: { A: { items: { $ref: '#/$defs/B' } }, B: { items: { $ref: '#/$defs/A' } } } })).toBe('the schema is recursive (A -> B -> A)');
  });
});

describe('compare/schema/setDifference', () => {
  it('finds what the right schema accepts or refuses that the left does not', async () => {
    const left = { type: 'object', properties: { a: { type: 'string' } } };
    const right = { type: 'object', properties: { a: { type: ['string', 'number'] } } };
    const added = await setDifference(left, right, sides);
    const prefix = 'json-schema-diff: ts accepts values python refuses: ';
    expect(added.differs).toBe(true);
    expect(added.note.startsWith(prefix)).toBe(true);
    expect(JSON.parse(added.note.slice(prefix.length))).toEqual({ properties: { a: { type: 'number' } }, required: ['a'], type: 'object' });
    expect((await setDifference(right, left, sides)).note).toMatch(/^json-schema-diff: ts refuses values python accepts/);
  });

  it('finds schemas that differ only in annotations alike', async () => {
    expect(await setDifference({ type: 'string', title: 'A' }, { type: 'string', title: 'B' }, sides)).toEqual({ differs: false, note: 'json-schema-diff finds the same accepted values' });
  });

  it('skips a recursive schema and says so', async () => {
    const recursive = { $ref: '#/$defs/Node', $defs: { Node: { type: 'object' } } };
    expect(await setDifference(recursive, recursive, sides)).toEqual({ differs: false, note: 'json-schema-diff skipped: the schema has a root $ref' });
  });
});

describe('compare/schema/behaviourCheck', () => {
  const instances = ['1', '1.5', '"x"', 'null', '{}'].map((t) => parsePyJson(t));

  it('finds schemas that judge every instance alike', () => {
    expect(behaviourCheck({ type: 'number' }, { anyOf: [{ type: 'integer' }, { type: 'number' }] }, instances, sides)).toEqual({
      differs: false,
      note: 'behaviour: 5 instances judged alike',
    });
  });

  it('names the instances judged apart', () => {
    expect(behaviourCheck({ type: 'number' }, { type: 'integer' }, instances, sides)).toEqual({
      differs: true,
      note: "behaviour: 1 of 5 instances judged apart: 1.5 is accepted by python's schema and refused by ts's",
    });
  });

  it('takes the discriminator keyword, which pydantic writes and ajv does not know', () => {
    const schema = { type: 'object', discriminator: { propertyName: 'kind' } };
    expect(behaviourCheck(schema, { type: 'object' }, [parsePyJson('{"kind": 1}')], sides).differs).toBe(false);
  });

  it.each([
    ['date-time', '"2024-01-02T03:04:05Z"', '"2024-01-02"'],
    ['date', '"2024-01-02"', '"2024-01-02T03:04:05Z"'],
    ['time', '"03:04:05Z"', '"3 o\u0027clock"'],
    ['duration', '"PT1H"', '"1 hour"'],
    ['uuid', '"12345678-1234-5678-1234-567812345678"', '"1234"'],
    ['uri', '"https://example.com/x"', '"no scheme"'],
  ])('asserts the format %s: a string of another form is judged apart', (format, valid, invalid) => {
    const withFormat = { type: 'string', format };
    const note = behaviourCheck(withFormat, { type: 'string' }, [parsePyJson(valid), parsePyJson(invalid)], sides);
    expect(note).toEqual({ differs: true, note: `behaviour: 1 of 2 instances judged apart: ${invalid} is refused by python's schema and accepted by ts's` });
  });

  it('takes any string for the format binary, which pydantic writes for bytes', () => {
    expect(behaviourCheck({ type: 'string', format: 'binary' }, { type: 'string' }, ['any text, \u00ff'], sides).differs).toBe(false);
  });

  it('skips a schema ajv cannot compile, and says whose', () => {
    expect(behaviourCheck({ type: 'string' }, { type: 'string', pattern: '(?P<name>x)' }, instances, sides).note).toMatch(/^behaviour check skipped: ajv cannot compile ts's schema/);
  });
});
