import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DeclarationError } from '../../../src/errors.js';
import { parseYaml } from '../../../src/json/parseYaml.js';
import { PyFloat, type PyJson } from '../../../src/json/pyJson.js';
import { msg } from '../../../src/types/declarationMessages.js';
import { DeclarationFileError, loadDeclaration, readDeclaration } from '../../../src/types/readDeclaration.js';

const fixture = (name: string): string => fileURLToPath(new URL(`../../fixtures/${name}`, import.meta.url));

interface ErrorCase {
  readonly name: string;
  readonly declaration: PyJson;
  readonly path: string;
  readonly message: string;
}

const table = parseYaml(readFileSync(fixture('declarationErrors.yaml'), 'utf8')) as ReadonlyMap<string, PyJson>;
const cases = (table.get('cases') as ReadonlyMap<string, PyJson>[]).map(
  (item): ErrorCase => ({
    name: item.get('name') as string,
    declaration: item.get('declaration')!,
    path: item.get('path') as string,
    message: item.get('message') as string,
  }),
);

const errorOf = (tree: PyJson): DeclarationError => {
  try {
    readDeclaration(tree);
  } catch (error) {
    if (error instanceof DeclarationError) return error;
    throw error;
  }
  throw new Error('the declaration was accepted');
};

describe('types/readDeclaration refuses', () => {
  it.each(cases.map((item) => [item.name, item] as const))('%s', (_name, item) => {
    const error = errorOf(item.declaration);
    expect({ path: error.path, message: error.message }).toEqual({ path: item.path, message: item.message });
    expect(error.kind).toBe('ValueError');
  });

  it.each(Object.entries(msg))('has a case for the message %s', (_key, build) => {
    // Every argument becomes a wildcard: the case table must hold a message of this shape.
    const sample = (build as (...args: unknown[]) => { message: string })(...Array.from({ length: build.length }, (_, i) => (i === 0 && (_key === 'defaultCycle' || _key === 'defaultNeedsItself') ? ['ARG'] : 'ARG'))).message;
    const pattern = new RegExp(`^${sample.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/"ARG"|ARG/g, '.*')}$`);
    expect(cases.some((item) => pattern.test(item.message))).toBe(true);
  });
});

const yaml = (text: string): PyJson => parseYaml(`format: pydantic-neutral-declaration/1\n${text}`);

describe('types/readDeclaration accepts', () => {
  it('returns structural parts as plain objects and keeps values lossless', () => {
    const declaration = readDeclaration(
      yaml(`root: Review
mode: serialization
enums:
  - {name: Color, doc: null, base: str, members: [{name: RED, value: r}]}
models:
  - name: Review
    doc: A review.
    config: {title: R, extra: forbid, json_schema_extra: {b: 1, a: [2.0]}}
    fields:
      - {name: path, type: {type: str, constraints: {min_length: 1}}, required: true, alias: filePath}
      - {name: ratio, type: {type: float}, required: false, default: {kind: float, value: 2}, constraints: {ge: 0.0, lt: 10}}
      - {name: big, type: {type: int}, required: false, default: {kind: int, value: 123456789012345678901234567890}}
      - {name: color, type: {type: enum, name: Color}, required: false, default: {kind: enum, enum: Color, value: r}}
      - {name: tags, type: {type: list, items: {type: str}}, required: false, default_factory: {builtin: list}}
      - {name: parent, type: {type: union, members: [{type: model, name: Review}, {type: none}]}, required: false, default: {kind: "null", value: null}}
    computed_fields:
      - {name: total, return_type: {type: int}, description: Sum}
`),
    );
    expect(declaration.root).toBe('Review');
    expect(declaration.mode).toBe('serialization');
    expect(declaration.enums).toEqual([{ name: 'Color', doc: null, base: 'str', members: [{ name: 'RED', value: 'r' }] }]);
    const [review] = declaration.models!;
    expect(Object.getPrototypeOf(review)).toBe(Object.prototype);
    expect(review!.config!.json_schema_extra).toEqual(new Map<string, PyJson>([['b', 1], ['a', [new PyFloat(2)]]]));
    expect(review!.fields[0]).toEqual({ name: 'path', type: { type: 'str', constraints: { min_length: 1 } }, required: true, alias: 'filePath' });
    expect(review!.fields[1]!.default).toEqual({ value: new PyFloat(2), kind: 'float' });
    expect(review!.fields[1]!.constraints).toEqual({ ge: new PyFloat(0), lt: 10 });
    expect(review!.fields[2]!.default!.value).toBe(123456789012345678901234567890n);
    expect(review!.fields[3]!.default).toEqual({ value: 'r', kind: 'enum', enum: 'Color' });
    expect(review!.fields[4]!.default_factory).toEqual({ builtin: 'list' });
    expect(review!.computed_fields).toEqual([{ name: 'total', return_type: { type: 'int' }, description: 'Sum' }]);
  });

  it('accepts a reference to a model declared further down, and recursion', () => {
    const declaration = readDeclaration(
      yaml(`models:
  - {name: A, fields: [{name: b, type: {type: model, name: B}, required: true}]}
  - {name: B, fields: [{name: a, type: {type: list, items: {type: model, name: A}}, required: true}]}
`),
    );
    expect(declaration.models!.map((model) => model.name)).toEqual(['A', 'B']);
  });

  it('accepts every string form at its edges', () => {
    const forms: Array<[string, string]> = [
      ['datetime', '2024-02-29T23:59:59.999999+23:59'],
      ['datetime', '0001-01-01T00:00Z'],
      ['date', '2000-02-29'],
      ['time', '00:00'],
      ['timedelta', '-P999999999D'],
      ['timedelta', 'P999999999DT23H59M59.999999S'],
      ['timedelta', 'PT0.5S'],
      ['uuid', '12345678-1234-5678-1234-56781234ABCD'],
      ['decimal', '-.5e-3'],
      ['decimal', '1.'],
    ];
    for (const [kind, value] of forms) {
      const tree = yaml(`models: [{name: M, fields: [{name: f, type: {type: any}, required: false, default: {kind: ${kind}, value: "${value}"}}]}]`);
      expect(readDeclaration(tree).models![0]!.fields[0]!.default, `${kind} ${value}`).toEqual({ kind, value });
    }
  });

  it('reads plain objects as well as Maps', () => {
    const declaration = readDeclaration({
      format: 'pydantic-neutral-declaration/1',
      models: [{ name: 'M', fields: [{ name: 'f', type: { type: 'int' }, required: false, default: { kind: 'int', value: 1 } }] }],
    });
    expect(declaration.models![0]!.fields[0]!.default).toEqual({ value: 1, kind: 'int' });
  });

  it('does not take inherited properties of a plain object for keys', () => {
    const tree = JSON.parse('{"format": "pydantic-neutral-declaration/1", "models": [{"name": "M", "fields": [], "__proto__": {}}]}') as PyJson;
    expect(errorOf(tree).message).toBe('unknown key "__proto__"');
  });
});

describe('types/loadDeclaration', () => {
  const directory = mkdtempSync(join(tmpdir(), 'agentparity-decl-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  const write = (name: string, text: string): string => {
    const path = join(directory, name);
    writeFileSync(path, text);
    return path;
  };
  const body = '{"format": "pydantic-neutral-declaration/1", "models": [{"name": "M", "fields": [{"name": "r", "type": {"type": "float"}, "required": false, "default": {"kind": "float", "value": 2.0}}]}]}';

  it('reads JSON and YAML files alike, losslessly', () => {
    const fromJson = loadDeclaration(write('d.json', body));
    expect(loadDeclaration(write('d.yaml', body))).toEqual(fromJson);
    expect(fromJson.models![0]!.fields[0]!.default!.value).toEqual(new PyFloat(2));
  });

  it.each([
    ['bad.json', '{"format": ', 'cannot read declaration: '],
    ['bad.yml', 'a: [1', 'cannot read declaration: '],
    ['d.toml', 'x = 1', 'unsupported declaration file extension ".toml"'],
    ['refused.yaml', 'format: pydantic-neutral-declaration/1\nroot: X', '$.root: model "X" is not declared'],
  ])('names the file %s in the error', (name, text, reason) => {
    const path = write(name, text);
    let caught: unknown;
    try {
      loadDeclaration(path);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DeclarationFileError);
    expect((caught as DeclarationFileError).file).toBe(path);
    expect((caught as DeclarationFileError).message.startsWith(`${path}: ${reason}`)).toBe(true);
    expect((caught as DeclarationFileError).kind).toBe('ValueError');
  });

  it('names a missing file', () => {
    expect(() => loadDeclaration(join(directory, 'missing.yaml'))).toThrow(`${join(directory, 'missing.yaml')}: cannot read declaration`);
  });
});

describe('readDeclaration nesting limit', () => {
  // A list default nested 1,000,000 deep: refused where it passes 200 levels, not a stack overflow.
  const deep = (depth: number): PyJson => {
    let value: PyJson = [];
    for (let i = 1; i < depth; i++) value = [value];
    return value;
  };
  const declaration = (depth: number) =>
    new Map<string, PyJson>([
      ['format', 'pydantic-neutral-declaration/1'],
      ['models', [new Map<string, PyJson>([['name', 'M'], ['fields', [new Map<string, PyJson>([['name', 'f'], ['type', new Map([['type', 'any']])], ['required', false], ['default', new Map<string, PyJson>([['kind', 'list'], ['value', deep(depth)]])]])]]])]],
    ]);

  it('refuses a tree deeper than 200 levels at the first container past them', () => {
    let error: unknown;
    try {
      readDeclaration(declaration(1_000_000));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DeclarationError);
    expect((error as DeclarationError).message).toBe('the declaration nests deeper than 200 levels');
    expect((error as DeclarationError).path).toBe(`$.models[0].fields[0].default.value${'[0]'.repeat(194)}`);
  });

  it('reads a tree of exactly 200 levels', () => {
    expect(readDeclaration(declaration(194)).models?.[0]?.name).toBe('M');
  });
});
