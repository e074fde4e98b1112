import { describe, expect, it } from 'vitest';
import { DeclarationError, InvalidTypeError, InvalidValueError } from '../../../src/errors.js';
import { parsePyJson } from '../../../src/json/parsePyJson.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { writePyJson } from '../../../src/json/writePyJson.js';
import { CALLABLE_NAME_PREFIX } from '../../../src/subagent/callableNamePrefix.js';
import { isPythonBlank } from '../../../src/python/pyText.js';
import { BLANK_SCHEMA_MESSAGE, SubagentSetup } from '../../../src/subagent/subagentSetup.js';
import { declaration, defineEnum, defineModel, field, t } from '../../../src/types/builder.js';

type Tree = ReadonlyMap<string, PyJson>;

const Typed = defineModel('Typed', { path: t.str(), lines: field(t.int(), { default: 0 }), payload: t.bytes() });
const Nested = defineModel('Nested', { name: t.str(), count: field(t.int(), { default: 0 }), blob: t.bytes() });
const Outer = defineModel('Outer', { id: t.str(), nested: t.model(Nested) });
const Hook = defineModel('Hook', { run: t.callable() });
const Verdict = defineEnum('Verdict', { APPROVE: 'approve' });
const declared = declaration({ enums: [Verdict], models: [Typed, Outer, Nested, Hook] });

const schemaOf = (setup: SubagentSetup): Tree => parsePyJson(setup.inputSchema!) as Tree;

describe('subagent/SubagentSetup', () => {
  it('has the callable prefix of the merged upstream', () => {
    expect(CALLABLE_NAME_PREFIX).toBe('_subagent_');
  });

  it('states no input shape when it declares nothing', () => {
    const setup = new SubagentSetup();
    expect([setup.description, setup.inputSchema, setup.inputType, setup.resultType]).toEqual(['', null, null, null]);
  });

  it('keeps declared metadata verbatim, even a schema that is not JSON', () => {
    const setup = new SubagentSetup({ description: 'Reviews a file.', inputSchema: '{not json' });
    expect(setup.toJSON()).toEqual({ description: 'Reviews a file.', input_schema: '{not json' });
  });

  it.each(['', '   ', '\n\t', '\x1c\x85\u3000'])('refuses the blank schema %j', (blank) => {
    const refuse = () => new SubagentSetup({ inputSchema: blank });
    expect(refuse).toThrow(InvalidValueError);
    expect(refuse).toThrow(BLANK_SCHEMA_MESSAGE);
  });

  it("takes blank as Python's str.strip() does", () => {
    expect(isPythonBlank('\ufeff')).toBe(false);
    expect(isPythonBlank('\u0085\u001c\u2029')).toBe(true);
    expect(new SubagentSetup({ inputSchema: '\ufeff' }).inputSchema).toBe('\ufeff');
  });

  it('renders a model input type as the input schema, as json.dumps prints it', () => {
    const setup = new SubagentSetup({ inputType: { declaration: declared, name: 'Typed' } });
    const schema = schemaOf(setup);
    expect(schema.get('required')).toEqual(['path', 'payload']);
    const properties = schema.get('properties') as Tree;
    expect(writePyJson(properties.get('lines')!)).toBe('{"default": 0, "title": "Lines", "type": "integer"}');
    expect(writePyJson(properties.get('payload')!)).toBe('{"format": "binary", "title": "Payload", "type": "string"}');
    expect(setup.inputSchema).toContain('", "');
  });

  it('gives a nested model its own required list and binary field', () => {
    const schema = schemaOf(new SubagentSetup({ inputType: { declaration: declared, expr: t.model('Outer') } }));
    expect(schema.get('required')).toEqual(['id', 'nested']);
    const nested = (schema.get('$defs') as Tree).get('Nested') as Tree;
    expect(nested.get('required')).toEqual(['name', 'blob']);
    expect(((nested.get('properties') as Tree).get('count') as Tree).get('type')).toBe('integer');
  });

  it('lets an explicit schema win over the input type, even one that cannot be rendered', () => {
    const setup = new SubagentSetup({ inputSchema: '{"type": "object"}', inputType: { declaration: declared, name: 'Hook' } });
    expect(setup.inputSchema).toBe('{"type": "object"}');
  });

  it.each([
    [t.int(), "<class 'int'>"],
    [t.list(t.model('Typed')), 'list[agentparity.declared.Typed]'],
    [t.optional(t.model('Typed')), 'typing.Optional[agentparity.declared.Typed]'],
    [t.enum('Verdict'), "<enum 'Verdict'>"],
  ])('refuses a type that is not a model (%#)', (expr, printed) => {
    const refuse = () => new SubagentSetup({ inputType: { declaration: declared, expr } });
    expect(refuse).toThrow(InvalidTypeError);
    expect(refuse).toThrow(
      `Sub-agent input type ${printed} is not supported. Declare a pydantic BaseModel, or declare an input schema explicitly.`,
    );
  });

  it('refuses a model that cannot be rendered with the remedy and the renderer report', () => {
    const refuse = () => new SubagentSetup({ inputType: { declaration: declared, name: 'Hook' } });
    expect(refuse).toThrow(
      'Sub-agent input type agentparity.declared.Hook cannot be rendered as a JSON Schema, so it cannot be declared to a chat model. ' +
        'Declare an input schema explicitly, or use an input type whose fields are all JSON-Schema-renderable. ' +
        'Rendering it reported: Cannot generate a JsonSchema for core_schema.CallableSchema\n\nFor further information visit https://errors.pydantic.dev/2.13/u/invalid-for-json-schema',
    );
  });

  it('refuses a declared type that names nothing declared', () => {
    expect(() => new SubagentSetup({ inputType: { declaration: declared, name: 'Nope' } })).toThrow(DeclarationError);
    expect(() => new SubagentSetup({ resultType: { declaration: declared, expr: t.list(t.model('Nope')) } })).toThrow(
      'model "Nope" is not declared',
    );
  });

  it('keeps the declared types out of its JSON, under the cross-language keys', () => {
    const setup = new SubagentSetup({ description: 'd', inputType: { declaration: declared, name: 'Typed' }, resultType: { declaration: declared, name: 'Outer' } });
    const json = setup.toJSON();
    expect(Object.keys(json)).toEqual(['description', 'input_schema']);
    expect((parsePyJson(json.input_schema!) as Tree).get('type')).toBe('object');
    expect(JSON.parse(JSON.stringify(setup))).not.toHaveProperty('inputSchema');
  });
});
