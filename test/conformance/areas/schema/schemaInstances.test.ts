import { describe, expect, it } from 'vitest';
import { PyFloat } from '../../../../src/json/pyJson.js';
import { writePyJson } from '../../../../src/json/writePyJson.js';
import type { Declaration } from '../../../../src/types/declaration.js';
import { schemaValidator } from '../../../../conformance/areas/schema/behaviourCheck.js';
import { schemaInstances } from '../../../../conformance/areas/schema/schemaInstances.js';
import { toPlainJson } from '../../../../conformance/util/toPlainJson.js';

const review: Declaration = {
  format: 'pydantic-neutral-declaration/1',
  root: 'Review',
  enums: [{ name: 'Level', base: 'str', members: [{ name: 'LOW', value: 'low' }, { name: 'HIGH', value: 'high' }] }],
  models: [
    {
      name: 'Review',
      fields: [
        { name: 'path', type: { type: 'str' }, required: true, constraints: { min_length: 1 } },
        { name: 'lines', type: { type: 'int' }, required: false, default: { value: 0, kind: 'int' }, constraints: { ge: 0 } },
        { name: 'level', type: { type: 'enum', name: 'Level' }, required: true },
        { name: 'tags', type: { type: 'set', items: { type: 'str' } }, required: false, default_factory: { builtin: 'set' } },
        { name: 'ratio', type: { type: 'union', members: [{ type: 'float' }, { type: 'none' }] }, required: false, default: { value: null, kind: 'null' }, constraints: { lt: new PyFloat(1) } },
      ],
    },
  ],
};

// The schema pydantic 2.13 prints for Review (rules document §2), for judging the instances.
const reviewSchema = {
  $defs: { Level: { enum: ['low', 'high'], title: 'Level', type: 'string' } },
  properties: {
    path: { minLength: 1, title: 'Path', type: 'string' },
    lines: { default: 0, minimum: 0, title: 'Lines', type: 'integer' },
    level: { $ref: '#/$defs/Level' },
    tags: { items: { type: 'string' }, title: 'Tags', type: 'array', uniqueItems: true },
    ratio: { anyOf: [{ exclusiveMaximum: 1.0, type: 'number' }, { type: 'null' }], default: null, title: 'Ratio' },
  },
  required: ['path', 'level'],
  title: 'Review',
  type: 'object',
};

const texts = (declaration: Declaration, mode: 'validation' | 'serialization' = 'validation') =>
  schemaInstances(declaration, { type: 'model', name: declaration.root! }, mode).map((i) => writePyJson(i));

describe('compare/schema/schemaInstances', () => {
  const all = texts(review);
  const validate = schemaValidator().compile(reviewSchema);
  const accepted = (text: string): boolean => validate(toPlainJson(schemaInstances(review, { type: 'model', name: 'Review' }, 'validation')[all.indexOf(text)]!));

  it('starts with a full valid instance and a minimal one', () => {
    expect(all.slice(0, 2)).toEqual([
      '{"path": "sample", "lines": 0, "level": "low", "tags": ["sample", "\\u00e9"], "ratio": 0}',
      '{"path": "sample", "level": "low"}',
    ]);
    expect(accepted(all[0]!)).toBe(true);
    expect(accepted(all[1]!)).toBe(true);
  });

  it.each([
    ['a required field missing', '{"lines": 0, "level": "low", "tags": ["sample", "\\u00e9"], "ratio": 0}'],
    ['a wrong type', '{"path": 42, "lines": 0, "level": "low", "tags": ["sample", "\\u00e9"], "ratio": 0}'],
    ['a string too short', '{"path": "", "lines": 0, "level": "low", "tags": ["sample", "\\u00e9"], "ratio": 0}'],
    ['a number below its minimum', '{"path": "sample", "lines": -1, "level": "low", "tags": ["sample", "\\u00e9"], "ratio": 0}'],
    ['a constraint inside Optional', '{"path": "sample", "lines": 0, "level": "low", "tags": ["sample", "\\u00e9"], "ratio": 1}'],
    ['a value that is no member', '{"path": "sample", "lines": 0, "level": "not-a-member-of-this-type", "tags": ["sample", "\\u00e9"], "ratio": 0}'],
    ['a set with a duplicate', '{"path": "sample", "lines": 0, "level": "low", "tags": ["sample", "sample"], "ratio": 0}'],
    ['not an object', '"a string"'],
  ])('holds a mutant with %s, which the schema refuses', (_what, text) => {
    expect(all).toContain(text);
    expect(accepted(text)).toBe(false);
  });

  it('holds other valid branches: another enum member, None for Optional', () => {
    for (const text of [
      '{"path": "sample", "lines": 0, "level": "high", "tags": ["sample", "\\u00e9"], "ratio": 0}',
      '{"path": "sample", "lines": 0, "level": "low", "tags": ["sample", "\\u00e9"], "ratio": null}',
    ]) {
      expect(all).toContain(text);
      expect(accepted(text)).toBe(true);
    }
  });

  it('holds an extra key, each instance once, within the limit', () => {
    expect(all.some((t) => t.includes('"unexpected_extra_key": 1'))).toBe(true);
    expect(new Set(all).size).toBe(all.length);
    expect(schemaInstances(review, { type: 'model', name: 'Review' }, 'validation', 5)).toHaveLength(5);
  });

  it('holds a string of the wrong form for each formatted type, which an asserted format refuses', () => {
    const formats = ['datetime', 'date', 'time', 'timedelta', 'uuid', 'url'] as const;
    const dated: Declaration = {
      format: 'pydantic-neutral-declaration/1',
      root: 'M',
      models: [{ name: 'M', fields: formats.map((type) => (type === 'url' ? { name: type, type: { type, variant: 'any' as const }, required: true } : { name: type, type: { type }, required: true })) }],
    };
    const schema = {
      properties: {
        datetime: { format: 'date-time', type: 'string' },
        date: { format: 'date', type: 'string' },
        time: { format: 'time', type: 'string' },
        timedelta: { format: 'duration', type: 'string' },
        uuid: { format: 'uuid', type: 'string' },
        url: { format: 'uri', minLength: 1, type: 'string' },
      },
      required: [...formats],
      type: 'object',
    };
    const check = schemaValidator().compile(schema);
    const [valid, ...rest] = schemaInstances(dated, { type: 'model', name: 'M' }, 'validation').map(toPlainJson);
    expect(check(valid)).toBe(true);
    for (const field of formats) {
      const mutant = rest.find((i) => (i as Record<string, unknown>)[field] === 'not of the format');
      expect(mutant, field).toBeDefined();
      expect(check(mutant)).toBe(false);
    }
  });

  it('keys fields by the alias of the mode and adds computed fields in serialization mode', () => {
    const aliased: Declaration = {
      format: 'pydantic-neutral-declaration/1',
      root: 'M',
      models: [
        {
          name: 'M',
          fields: [{ name: 'a', type: { type: 'int' }, required: true, validation_alias: 'in_a', serialization_alias: 'out_a' }],
          computed_fields: [{ name: 'total', return_type: { type: 'int' } }],
        },
      ],
    };
    expect(texts(aliased)[0]).toBe('{"in_a": 0}');
    expect(texts(aliased, 'serialization')[0]).toBe('{"out_a": 0, "total": 0}');
  });

  it('ends on recursive models', () => {
    const tree: Declaration = {
      format: 'pydantic-neutral-declaration/1',
      root: 'Node',
      models: [
        {
          name: 'Node',
          fields: [
            { name: 'value', type: { type: 'int' }, required: true },
            { name: 'next', type: { type: 'model', name: 'Node' }, required: true },
            { name: 'children', type: { type: 'list', items: { type: 'model', name: 'Node' } }, required: false, default_factory: { builtin: 'list' } },
          ],
        },
      ],
    };
    const found = texts(tree);
    expect(found.length).toBeGreaterThan(10);
    expect(found[0]!.startsWith('{"value": 0, "next": {"value": 0, "next": {')).toBe(true);
  });
});
