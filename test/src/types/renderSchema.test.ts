import { describe, expect, it } from 'vitest';
import { isAgentparityError } from '../../../src/errors.js';
import { parseYaml } from '../../../src/json/parseYaml.js';
import { PyFloat, type PyJson } from '../../../src/json/pyJson.js';
import { writePyJson } from '../../../src/json/writePyJson.js';
import type { Declaration } from '../../../src/types/declaration.js';
import { readDeclaration } from '../../../src/types/readDeclaration.js';
import { renderSchema, renderSchemaText } from '../../../src/types/renderSchema.js';
import { SchemaRenderError } from '../../../src/types/schemaRenderError.js';
import { runPython } from '../../helpers/python.js';

// Expectations below are written from /work/shared/reference/pydantic-json-schema-rules.md §2.
const declare = (yaml: string): Declaration => readDeclaration(parseYaml(yaml));

/** The schema of the only field `x` of a model `M` whose field is given in YAML flow style. */
const property = (field: string, extra = '', mode = 'validation'): string => {
  const declaration = declare(`
format: pydantic-neutral-declaration/1
root: M
mode: ${mode}
${extra}
models:
  - name: M
    fields:
      - {name: x, ${field}}
`);
  const schema = renderSchema(declaration, 'M') as Map<string, PyJson>;
  return writePyJson((schema.get('properties') as Map<string, PyJson>).get('x')!);
};

describe('types/renderSchema: type mapping', () => {
  it.each([
    ['{type: str}', '{"title": "X", "type": "string"}'],
    ['{type: int}', '{"title": "X", "type": "integer"}'],
    ['{type: float}', '{"title": "X", "type": "number"}'],
    ['{type: bool}', '{"title": "X", "type": "boolean"}'],
    ['{type: none}', '{"title": "X", "type": "null"}'],
    ['{type: bytes}', '{"format": "binary", "title": "X", "type": "string"}'],
    ['{type: any}', '{"title": "X"}'],
    ['{type: datetime}', '{"format": "date-time", "title": "X", "type": "string"}'],
    ['{type: date}', '{"format": "date", "title": "X", "type": "string"}'],
    ['{type: time}', '{"format": "time", "title": "X", "type": "string"}'],
    ['{type: timedelta}', '{"format": "duration", "title": "X", "type": "string"}'],
    ['{type: uuid}', '{"format": "uuid", "title": "X", "type": "string"}'],
    ['{type: url, variant: any}', '{"format": "uri", "minLength": 1, "title": "X", "type": "string"}'],
    ['{type: url, variant: http}', '{"format": "uri", "maxLength": 2083, "minLength": 1, "title": "X", "type": "string"}'],
    ['{type: decimal}', '{"anyOf": [{"type": "number"}, {"pattern": "^(?!^[-+.]*$)[+-]?0*\\\\d*\\\\.?\\\\d*$", "type": "string"}], "title": "X"}'],
    ['{type: list, items: {type: int}}', '{"items": {"type": "integer"}, "title": "X", "type": "array"}'],
    ['{type: list}', '{"items": {}, "title": "X", "type": "array"}'],
    ['{type: set, items: {type: str}}', '{"items": {"type": "string"}, "title": "X", "type": "array", "uniqueItems": true}'],
    ['{type: frozenset}', '{"items": {}, "title": "X", "type": "array", "uniqueItems": true}'],
    ['{type: tuple, items: [{type: int}], variadic: true}', '{"items": {"type": "integer"}, "title": "X", "type": "array"}'],
    ['{type: tuple, items: [{type: int}, {type: str}]}', '{"maxItems": 2, "minItems": 2, "prefixItems": [{"type": "integer"}, {"type": "string"}], "title": "X", "type": "array"}'],
    ['{type: tuple, items: []}', '{"maxItems": 0, "minItems": 0, "title": "X", "type": "array"}'],
    ['{type: dict, keys: {type: str}, values: {type: int}}', '{"additionalProperties": {"type": "integer"}, "title": "X", "type": "object"}'],
    ['{type: dict, keys: {type: int}, values: {type: str}}', '{"additionalProperties": {"type": "string"}, "title": "X", "type": "object"}'],
    ['{type: dict}', '{"additionalProperties": true, "title": "X", "type": "object"}'],
    ['{type: dict, keys: {type: str}, values: {type: any}}', '{"additionalProperties": true, "title": "X", "type": "object"}'],
    ['{type: dict, keys: {type: literal, values: [a, b]}, values: {type: int}}', '{"additionalProperties": {"type": "integer"}, "propertyNames": {"enum": ["a", "b"]}, "title": "X", "type": "object"}'],
    ['{type: dict, keys: {type: str, constraints: {pattern: "^p"}}, values: {type: int}}', '{"patternProperties": {"^p": {"type": "integer"}}, "title": "X", "type": "object"}'],
    ['{type: union, members: [{type: int}, {type: none}]}', '{"anyOf": [{"type": "integer"}, {"type": "null"}], "title": "X"}'],
    ['{type: union, members: [{type: none}, {type: int}]}', '{"anyOf": [{"type": "integer"}, {"type": "null"}], "title": "X"}'],
    ['{type: union, members: [{type: str}, {type: none}, {type: union, members: [{type: int}, {type: bool}]}]}', '{"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "boolean"}, {"type": "null"}], "title": "X"}'],
    ['{type: union, members: [{type: any}, {type: none}]}', '{"anyOf": [{}, {"type": "null"}], "title": "X"}'],
    ['{type: literal, values: [a]}', '{"const": "a", "title": "X", "type": "string"}'],
    ['{type: literal, values: [1, 2]}', '{"enum": [1, 2], "title": "X", "type": "integer"}'],
    ['{type: literal, values: [a, 1]}', '{"enum": ["a", 1], "title": "X"}'],
    ['{type: literal, values: [a, null]}', '{"enum": ["a", null], "title": "X"}'],
  ])('%s renders %s', (type, expected) => {
    expect(property(`type: ${type}, required: true`)).toBe(expected);
  });

  it('renders Decimal as the pattern string alone in serialization mode', () => {
    expect(property('type: {type: decimal}, required: true', '', 'serialization')).toBe(
      '{"pattern": "^(?!^[-+.]*$)[+-]?0*\\\\d*\\\\.?\\\\d*$", "title": "X", "type": "string"}',
    );
  });
});

describe('types/renderSchema: constraints', () => {
  it.each([
    ['type: {type: int}, constraints: {ge: 0, lt: 10}', '{"exclusiveMaximum": 10, "minimum": 0, "title": "X", "type": "integer"}'],
    ['type: {type: float}, constraints: {ge: 0.0, gt: 1, multiple_of: 0.5, le: 2.0}', '{"exclusiveMinimum": 1, "maximum": 2.0, "minimum": 0.0, "multipleOf": 0.5, "title": "X", "type": "number"}'],
    ['type: {type: str}, constraints: {min_length: 1, max_length: 3, pattern: "^a"}', '{"maxLength": 3, "minLength": 1, "pattern": "^a", "title": "X", "type": "string"}'],
    ['type: {type: list}, constraints: {min_length: 1}', '{"items": {}, "minItems": 1, "title": "X", "type": "array"}'],
    ['type: {type: dict}, constraints: {max_length: 2}', '{"additionalProperties": true, "maxProperties": 2, "title": "X", "type": "object"}'],
    ['type: {type: bytes}, constraints: {min_length: 4}', '{"format": "binary", "minLength": 4, "title": "X", "type": "string"}'],
    ['type: {type: union, members: [{type: int}, {type: none}]}, constraints: {ge: 1}', '{"anyOf": [{"minimum": 1, "type": "integer"}, {"type": "null"}], "title": "X"}'],
    ['type: {type: decimal}, constraints: {ge: 1}', '{"anyOf": [{"minimum": 1.0, "type": "number"}, {"pattern": "^(?!^[-+.]*$)[+-]?0*\\\\d*\\\\.?\\\\d*$", "type": "string"}], "title": "X"}'],
  ])('%s renders %s', (field, expected) => {
    expect(property(`${field}, required: true`)).toBe(expected);
  });
});

describe('types/renderSchema: defaults', () => {
  it.each([
    ['type: {type: float}, default: {kind: int, value: 2}', '"default": 2'],
    ['type: {type: float}, default: {kind: float, value: 2.0}', '"default": 2.0'],
    ['type: {type: int}, default: {kind: "null", value: null}', '"default": null'],
    ['type: {type: set}, default: {kind: set, value: [3, 1, 2]}', '"default": [1, 2, 3]'],
    ['type: {type: frozenset}, default: {kind: frozenset, value: [b, A, a]}', '"default": ["A", "a", "b"]'],
    ['type: {type: tuple, items: [{type: int}, {type: str}]}, default: {kind: tuple, value: [1, a]}', '"default": [1, "a"]'],
    ['type: {type: timedelta}, default: {kind: timedelta, value: PT1H30S}', '"default": "PT1H30S"'],
    ['type: {type: datetime}, default: {kind: datetime, value: "2024-01-02T03:04"}', '"default": "2024-01-02T03:04:00"'],
    ['type: {type: decimal}, default: {kind: decimal, value: "1.50"}', '"default": "1.50"'],
    ['type: {type: uuid}, default: {kind: uuid, value: 12345678-ABCD-5678-1234-567812345678}', '"default": "12345678-abcd-5678-1234-567812345678"'],
    ['type: {type: bytes}, default: {kind: bytes, value: héllo}', '"default": "h\\u00e9llo"'],
    ['type: {type: dict}, default: {kind: dict, value: {z: {y: 1, x: 2}, a: 1}}', '"default": {"z": {"x": 2, "y": 1}, "a": 1}'],
  ])('%s shows %s', (field, expected) => {
    expect(property(`${field}, required: false`)).toContain(expected);
  });

  it('never shows a default_factory, and leaves the field out of required', () => {
    const schema = renderSchemaText(
      declare(`
format: pydantic-neutral-declaration/1
root: M
models:
  - name: M
    fields:
      - {name: x, type: {type: list}, required: false, default_factory: {builtin: list}}
      - {name: y, type: {type: int}, required: false, default_factory: {returns: {kind: int, value: 3}}}
`),
      'M',
    );
    expect(schema).toBe('{"properties": {"x": {"items": {}, "title": "X", "type": "array"}, "y": {"title": "Y", "type": "integer"}}, "title": "M", "type": "object"}');
  });
});

describe('types/renderSchema: documents', () => {
  const twoModels = (rootField: string): string =>
    renderSchemaText(
      declare(`
format: pydantic-neutral-declaration/1
root: Root
models:
  - name: Zed
    doc: "  Last.\\n    Indented."
    fields: [{name: a, type: {type: int}, required: true}]
  - name: Alpha
    fields: [{name: b, type: {type: int}, required: true}]
  - name: Root
    fields: ${rootField}
`),
      'Root',
    );

  it('puts models in sorted $defs once each, references without titles, required by alias', () => {
    expect(
      twoModels(`[{name: z, type: {type: model, name: Zed}, required: true, alias: Z2}, {name: a, type: {type: union, members: [{type: model, name: Alpha}, {type: none}]}, required: true}, {name: more, type: {type: list, items: {type: model, name: Zed}}, required: false, default_factory: {builtin: list}}]`),
    ).toBe(
      '{"$defs": {"Alpha": {"properties": {"b": {"title": "B", "type": "integer"}}, "required": ["b"], "title": "Alpha", "type": "object"}, '
        + '"Zed": {"description": "Last.\\nIndented.", "properties": {"a": {"title": "A", "type": "integer"}}, "required": ["a"], "title": "Zed", "type": "object"}}, '
        + '"properties": {"Z2": {"$ref": "#/$defs/Zed"}, "a": {"anyOf": [{"$ref": "#/$defs/Alpha"}, {"type": "null"}]}, "more": {"items": {"$ref": "#/$defs/Zed"}, "title": "More", "type": "array"}}, '
        + '"required": ["Z2", "a"], "title": "Root", "type": "object"}',
    );
  });

  it('renders a root referenced from inside itself as a $ref to its own definition', () => {
    const text = renderSchemaText(
      declare(`
format: pydantic-neutral-declaration/1
root: Node
models:
  - name: Node
    fields: [{name: kids, type: {type: list, items: {type: model, name: Node}}, required: true}]
`),
      'Node',
    );
    expect(text).toBe('{"$defs": {"Node": {"properties": {"kids": {"items": {"$ref": "#/$defs/Node"}, "title": "Kids", "type": "array"}}, "required": ["kids"], "title": "Node", "type": "object"}}, "$ref": "#/$defs/Node"}');
  });

  it('keeps integer-like property keys in field order and escapes non-ASCII text as json.dumps does', () => {
    const schema = renderSchema(
      declare(`
format: pydantic-neutral-declaration/1
root: M
models:
  - name: M
    doc: café ☕
    fields:
      - {name: b, type: {type: int}, required: true, alias: '10'}
      - {name: a, type: {type: int}, required: true, alias: '2'}
`),
      'M',
    ) as Map<string, PyJson>;
    expect([...(schema.get('properties') as Map<string, PyJson>).keys()]).toEqual(['10', '2']);
    expect(writePyJson(schema)).toContain('"description": "caf\\u00e9 \\u2615"');
  });

  it('keeps the raw keyword order of a property named default, and sorts the others', () => {
    const text = renderSchemaText(
      declare(`
format: pydantic-neutral-declaration/1
root: M
models:
  - name: M
    fields:
      - {name: default, type: {type: int}, required: false, default: {kind: int, value: 1}, description: d, constraints: {ge: 0}}
      - {name: other, type: {type: int}, required: false, default: {kind: int, value: 1}, description: d, constraints: {ge: 0}}
`),
      'M',
    );
    expect(text).toContain('"default": {"type": "integer", "minimum": 0, "default": 1, "description": "d", "title": "Default"}');
    expect(text).toContain('"other": {"default": 1, "description": "d", "minimum": 0, "title": "Other", "type": "integer"}');
  });

  it('returns ordered Maps with Python floats, in the declaration mode unless told otherwise', () => {
    const declaration = declare(`
format: pydantic-neutral-declaration/1
root: M
mode: serialization
models:
  - name: M
    fields: [{name: r, type: {type: float}, required: false, default: {kind: float, value: 2.0}}]
    computed_fields: [{name: c, return_type: {type: int}}]
`);
    const schema = renderSchema(declaration, 'M') as Map<string, PyJson>;
    const properties = schema.get('properties') as Map<string, PyJson>;
    expect([...properties.keys()]).toEqual(['r', 'c']);
    expect((properties.get('r') as Map<string, PyJson>).get('default')).toEqual(new PyFloat(2));
    expect(writePyJson(properties.get('c')!)).toBe('{"readOnly": true, "title": "C", "type": "integer"}');
    expect([...(renderSchema(declaration, 'M', 'validation') as Map<string, PyJson>).get('properties') as Map<string, PyJson>].length).toBe(1);
  });
});

describe('types/renderSchema: what pydantic cannot render', () => {
  const hook = declare(`
format: pydantic-neutral-declaration/1
root: Hook
models:
  - name: Hook
    fields: [{name: run, type: {type: callable}, required: true}]
`);

  it('throws SchemaRenderError (kind TypeError) with pydantic 2.13 own message for a callable field', () => {
    const [pydanticMessage] = runPython<[string]>(
      [
        'from typing import Any, Callable',
        'from pydantic import BaseModel',
        'class Hook(BaseModel):',
        '    run: Callable[..., Any]',
        'try:',
        '    Hook.model_json_schema()',
        'except Exception as e:',
        '    print(json.dumps([str(e)]))',
      ].join('\n'),
      null,
    );
    let thrown: unknown;
    try {
      renderSchema(hook, 'Hook');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SchemaRenderError);
    expect(isAgentparityError(thrown) && thrown.kind).toBe('TypeError');
    expect((thrown as Error).message).toBe(pydanticMessage);
  });

  it('fails as the Python reference does on a default instance of a model with computed fields', () => {
    const source = `
format: pydantic-neutral-declaration/1
root: Holder
models:
  - name: Area
    fields: [{name: w, type: {type: float}, required: true}]
    computed_fields: [{name: size, return_type: {type: float}}]
  - name: Holder
    fields:
      - {name: area, type: {type: union, members: [{type: model, name: Area}, {type: int}]}, required: false, default: {kind: model, model: Area, value: {w: 1}}}
`;
    const [python] = runPython<[string]>(
      [
        'sys.path.insert(0, inputs[0])',
        'from agentparity_ref.pyjson import load_yaml; from agentparity_ref.types import read_declaration, render_schema',
        'try:',
        '    render_schema(read_declaration(load_yaml(inputs[1])))',
        'except Exception as e:',
        '    print(json.dumps([f"{type(e).__name__}: {e}"]))',
      ].join('\n'),
      [new URL('../../../python-ref', import.meta.url).pathname, source],
    );
    expect(python).toBe("NotImplementedError: computed field 'size' of the declared model 'Area' has no implementation");
    expect(() => renderSchema(declare(source), 'Holder')).toThrow(
      expect.objectContaining({ raised: 'not-implemented', code: 'SCHEMA_COMPUTED_FIELD_NOT_IMPLEMENTED', message: python.slice('NotImplementedError: '.length) }),
    );
  });

  it('refuses a root that is not a declared model, naming it', () => {
    expect(() => renderSchema(hook, 'Missing')).toThrow(expect.objectContaining({ kind: 'KeyError', message: 'model "Missing" is not declared' }));
  });
});

describe('renderSchema of large values', () => {
  // A spread of 200,000 items into one call overflowed V8's stack (`stack.push(...current)`).
  it('renders a list default of 200,000 ints as pydantic does', () => {
    const declaration = readDeclaration(
      new Map<string, PyJson>([
        ['format', 'pydantic-neutral-declaration/1'],
        ['root', 'M'],
        ['models', [new Map<string, PyJson>([['name', 'M'], ['fields', [new Map<string, PyJson>([['name', 'xs'], ['type', new Map<string, PyJson>([['type', 'list'], ['items', new Map([['type', 'int']])]])], ['required', false], ['default', new Map<string, PyJson>([['kind', 'list'], ['value', Array.from({ length: 200_000 }, (_, i) => i)]])]])]]])]],
      ]),
    );
    const python = runPython<string>(
      `from typing import List
from pydantic import BaseModel
class M(BaseModel):
    xs: List[int] = list(range(inputs))
print(json.dumps(json.dumps(M.model_json_schema())))`,
      200_000,
    );
    expect(renderSchemaText(declaration, 'M')).toBe(python);
  });
});
