import { parsePyJson } from '../src/json/parsePyJson.js';
import { SubagentSetup } from '../src/subagent/subagentSetup.js';
import { readDeclaration } from '../src/types/readDeclaration.js';
import type { Benchmark } from './index.js';

// 40 models of 13 fields, with every field kind the format has in turn.
const FIELD_TYPES = [
  { type: { type: 'str', constraints: { min_length: 1 } }, required: true },
  { type: { type: 'int' }, required: false, default: { kind: 'int', value: 0 } },
  { type: { type: 'float' }, required: false, default: { kind: 'float', value: 2 } },
  { type: { type: 'list', items: { type: 'str' } }, required: false, default_factory: { builtin: 'list' } },
  { type: { type: 'union', members: [{ type: 'int' }, { type: 'str' }, { type: 'none' }] }, required: false, default: { kind: 'null', value: null } },
  { type: { type: 'literal', values: ['a', 'b', 1] }, required: true },
  { type: { type: 'datetime' }, required: false, default: { kind: 'datetime', value: '2024-01-31T12:00:00Z' } },
  { type: { type: 'dict', keys: { type: 'str' }, values: { type: 'float' } }, required: true },
  { type: { type: 'set', items: { type: 'int' } }, required: false, default: { kind: 'set', value: [3, 1, 2] } },
  { type: { type: 'enum', name: 'Color' }, required: false, default: { kind: 'enum', enum: 'Color', value: 'r' } },
  { type: { type: 'tuple', items: [{ type: 'int' }, { type: 'bytes' }] }, required: true },
  { type: { type: 'decimal', constraints: { ge: 0 } }, required: false, default: { kind: 'decimal', value: '1.50' } },
];

// A root that holds every model, each of which refers to one shared leaf: two levels deep, as
// declarations usually are (a long chain of models defeats pydantic itself: RecursionError).
export const sampleDeclaration = (modelCount: number): string => {
  const models = Array.from({ length: modelCount }, (_, index) => ({
    name: `Model${index}`,
    doc: `Model number ${index}.`,
    fields: [
      ...FIELD_TYPES.map((field, position) => ({ name: `field_${position}`, ...field })),
      { name: 'leaf', type: { type: 'union', members: [{ type: 'model', name: 'Leaf' }, { type: 'none' }] }, required: false, default: { kind: 'null', value: null } },
    ],
  }));
  const root = {
    name: 'Catalog',
    fields: models.map((model, index) => ({ name: `item_${index}`, type: { type: 'model', name: model.name }, required: true })),
  };
  const leaf = { name: 'Leaf', fields: [{ name: 'note', type: { type: 'str' }, required: false, default: { kind: 'str', value: '' } }] };
  return JSON.stringify({
    format: 'pydantic-neutral-declaration/1',
    root: 'Catalog',
    enums: [{ name: 'Color', base: 'str', members: [{ name: 'RED', value: 'r' }, { name: 'GREEN', value: 'g' }] }],
    models: [root, ...models, leaf],
  });
};

const perSecond = (iterations: number, run: () => void): number => {
  run();
  const started = performance.now();
  for (let i = 0; i < iterations; i++) run();
  return Math.round((iterations * 1000) / (performance.now() - started));
};

/** How fast declarations are validated, against parsing the same text (the floor any reader pays). */
export const declarationsBenchmark: Benchmark = {
  name: 'declarations',
  async run() {
    const text = sampleDeclaration(40);
    const tree = parsePyJson(text);
    const parsesPerSecond = perSecond(200, () => parsePyJson(text));
    const readsPerSecond = perSecond(200, () => readDeclaration(tree));
    const declaration = readDeclaration(tree);
    const derivesPerSecond = perSecond(20, () => new SubagentSetup({ inputType: { declaration, name: 'Catalog' } }));
    return {
      declaration: { models: 42, fields: 40 * (FIELD_TYPES.length + 1) + 41, bytes: text.length },
      parse_per_second: parsesPerSecond,
      read_declaration_per_second: readsPerSecond,
      read_cost_per_parse_cost: Number((parsesPerSecond / readsPerSecond).toFixed(2)),
      derive_schema_per_second: derivesPerSecond,
      schema_bytes: new SubagentSetup({ inputType: { declaration, name: 'Catalog' } }).inputSchema!.length,
    };
  },
};
