import { describe, expect, it } from 'vitest';
import { parsePyJson } from '../../../../../src/json/parsePyJson.js';
import type { JsonSchema } from '../../../../../src/types/schema/json/jsonSchema.js';
import { DefsNaming, normalizeName } from '../../../../../src/types/schema/json/defsNaming.js';
import { runPython } from '../../../../helpers/python.js';

const REFS = [
  'agentparity.declared.Address:1',
  'agentparity.declared.Café:2',
  'agentparity.declared.Box[int]:3',
  'agentparity.declared.a.b:4',
  'agentparity.declared.Node:5_MinLen(min_length=1)',
  "agentparity.declared.Tag:6_PydanticGeneralMetadata(pattern='a:b[c]')",
  'agentparity.declared.Address:7',
];

describe('types/schema/json/defsNaming', () => {
  it('makes the candidate $defs keys pydantic get_defs_ref makes, collision counters included', () => {
    const python = runPython<string[][]>(
      [
        'from pydantic.json_schema import GenerateJsonSchema',
        'generator = GenerateJsonSchema()',
        'out = []',
        'for ref in inputs:',
        '    chosen = generator.get_defs_ref((ref, "validation"))',
        '    out.append(list(generator._prioritized_defsref_choices[chosen]))',
        'print(json.dumps(out))',
      ].join('\n'),
      REFS,
    );
    const naming = new DefsNaming('validation');
    expect(REFS.map((ref) => [...naming.choices.get(naming.defsRef(ref))!])).toEqual(python);
  });

  it('normalizes names as pydantic does: other characters to _, dots to __', () => {
    expect(normalizeName('Café.Box[int]-x_1')).toBe('Caf___Box_int_-x_1');
  });

  it('settles colliding names as pydantic does: module-qualified keys, one key for identical schemas', () => {
    const definitions: [string, string][] = [
      ['agentparity.declared.Café:1', '{"title": "Café"}'],
      ['other.Cafè:2', '{"title": "Cafè"}'],
      ['agentparity.declared.Node:3', '{"title": "Node"}'],
      ['agentparity.declared.Node:3_Ge(ge=1)', '{"title": "Node"}'],
      ['agentparity.declared.Ünï:4', '{"title": "A"}'],
      ['agentparity.declared.Öni:5', '{"title": "B"}'],
    ];
    const python = runPython<string[]>(
      [
        'from pydantic.json_schema import GenerateJsonSchema',
        'generator = GenerateJsonSchema()',
        'keys = [generator.get_defs_ref((ref, "validation")) for ref, _ in inputs]',
        'generator.definitions = {key: json.loads(schema) for key, (_, schema) in zip(keys, inputs)}',
        'remapping = generator._build_definitions_remapping()',
        'print(json.dumps([remapping.remap_defs_ref(key) for key in keys]))',
      ].join('\n'),
      definitions,
    );
    const naming = new DefsNaming('validation');
    const keys = definitions.map(([ref]) => naming.defsRef(ref));
    const remapping = naming.remapping(new Map(keys.map((key, i) => [key, parsePyJson(definitions[i]![1]) as JsonSchema])));
    expect(keys.map((key) => remapping.defs.get(key))).toEqual(python);
  });
});
