import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareResults } from '../../../conformance/compare/compareResults.js';
import type { FixtureCase } from '../../../conformance/fixtures/fixtureCase.js';
import { normalizeComparator } from '../../../conformance/areas/normalize/normalizeComparator.js';
import { tsOps } from '../../../conformance/serve/ops/index.js';
import { writePyJson } from '../../../src/json/writePyJson.js';
import { decodeValue } from '../../../conformance/codec/decodeValue.js';
import { parsePyJson } from '../../../src/json/parsePyJson.js';
import { PyFloat, type PyJson } from '../../../src/json/pyJson.js';
import { maskRefusalText } from '../../../conformance/areas/normalize/refusalText.js';
import { readDeclaration } from '../../../src/types/readDeclaration.js';
import { modelClass } from '../../../src/types/modelClass.js';
import { ValueValidationError, validateValue } from '../../../src/types/validateValue.js';
import { IndistinctSecondsError } from '../../../src/types/validate/temporal/validateTimedelta.js';

// pydantic's own outcomes for a catalog of declared types and values (python-ref/tests/validation_catalog.py).
const oracle = parsePyJson(readFileSync(new URL('../../fixtures/validation-oracle.json', import.meta.url), 'utf8')) as Map<string, PyJson>;
const types = oracle.get('types') as Map<string, PyJson>;
const rows = oracle.get('cases') as Map<string, PyJson>[];

const declarationFor = (typeName: string): PyJson =>
  new Map<string, PyJson>([
    ['format', 'pydantic-neutral-declaration/1'],
    ['enums', oracle.get('enums')!],
    [
      'models',
      [
        ...(oracle.get('models') as PyJson[]),
        new Map<string, PyJson>([
          ['name', 'T'],
          ['fields', [new Map<string, PyJson>([['name', 'v'], ['type', types.get(typeName)!], ['required', true]])]],
        ]),
      ],
    ],
  ]);

describe('types/validateValue against pydantic', () => {
  // Rows the TypeScript participant skips, each a whole number a duration reads differently as an int and a float.
  const indistinct: string[] = [];

  it(`gives pydantic's outcome for each of the ${rows.length} catalog cases`, async () => {
    const divergent: string[] = [];
    for (const row of rows) {
      const id = row.get('id') as string;
      const declaration = declarationFor(row.get('type') as string);
      const input = new Map<string, PyJson>([
        ['value', new Map([['v', row.get('value')!]])],
        ['result_type', 'T'],
      ]);
      const testCase: FixtureCase = { id, area: 'oracle', file: 'validation-oracle.json', op: 'normalize', contracts: [], declaration, input };
      const outcome = await tsOps.normalize!({ id, op: 'normalize', declaration, input });
      if (!('result' in outcome)) {
        // The one value-level skip: a whole number of seconds past 2^32 days, int or float alike in JavaScript.
        if (/reads differently as a Python int and float/.test(outcome.skipped)) indistinct.push(id);
        else divergent.push(`${id}: skipped (${outcome.skipped})`);
        continue;
      }
      const expected = row.get('result') as Map<string, PyJson>;
      const verdict = await compareResults({ name: 'python', value: expected }, { name: 'ts', value: outcome.result }, {
        testCase,
        partial: true,
        comparator: normalizeComparator,
      });
      if (verdict.status === 'divergent') divergent.push(`${id} ${String(row.get('type'))} ${JSON.stringify(String(row.get('value')))}: ${verdict.detail}`);
    }
    expect(divergent).toEqual([]);
    // The catalog holds four: ints and a whole float of 2^32 days of seconds and a little more.
    expect(indistinct).toHaveLength(4);
  });

  // Python prints a plain object with its address, which the oracle writes `0x…`: no other process can know it.
  const textOf = (row: Map<string, PyJson>): PyJson | undefined => ((row.get('result') as Map<string, PyJson>).get('error') as Map<string, PyJson> | undefined)?.get('text');
  const textRows = rows.filter((row) => textOf(row) !== undefined && !writePyJson(row.get('value')!).includes('"$object"'));

  it(`prints pydantic's str(ValidationError) for each of the ${textRows.length} refusals`, () => {
    const differing: string[] = [];
    for (const row of textRows) {
      const declaration = readDeclaration(declarationFor(row.get('type') as string));
      const models = new Map((declaration.models ?? []).map((m) => [m.name, (fields: ReadonlyMap<string, unknown>) => new (modelClass(declaration, m.name))(fields)] as const));
      const input = decodeValue(new Map([['v', row.get('value')!]]), { models });
      let text = 'accepted';
      try {
        validateValue({ declaration, name: 'T' }, input);
      } catch (error) {
        if (error instanceof IndistinctSecondsError) continue;
        text = error instanceof ValueValidationError ? error.text : `${(error as Error).name}: ${(error as Error).message}`;
      }
      // A whole float reaches TypeScript as a number, which its text shows as an int.
      const value = row.get('value');
      const wholeFloat = value instanceof PyFloat && Number.isInteger(value.value);
      if (wholeFloat && maskRefusalText(text) === maskRefusalText(String(textOf(row)))) continue;
      if (text !== textOf(row)) differing.push(`${String(row.get('id'))}:\n${text}\n--- pydantic:\n${String(textOf(row))}`);
    }
    expect(differing.length === 0 ? '' : `${differing.length} differ; the first:\n${differing.slice(0, 5).join('\n\n')}`).toBe('');
  });
});
