import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseYaml } from '../../src/json/parseYaml.js';
import type { PyJson } from '../../src/json/pyJson.js';

export const SCHEMA_FIXTURES = new URL('../../fixtures/schema/', import.meta.url).pathname;

/** A schema fixture case with a pydantic oracle: its declaration, oracle and expected text. */
export interface OracleCase {
  readonly file: string;
  readonly id: string;
  readonly declaration: PyJson;
  /** The model the case derives: `input.input_type` when it names one, else the declaration's root. */
  readonly root: string | undefined;
  readonly model: string;
  readonly mode: string;
  readonly python: string;
  readonly expected: string;
}

const field = (node: PyJson | undefined, key: string): PyJson | undefined => (node instanceof Map ? node.get(key) : undefined);

/** Every case of `fixtures/schema/*.yaml` that carries an `oracle`, in file and case order. */
export const oracleCases = (): OracleCase[] =>
  readdirSync(SCHEMA_FIXTURES)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .flatMap((file) => {
      const cases = field(parseYaml(readFileSync(join(SCHEMA_FIXTURES, file), 'utf8')), 'cases');
      return (Array.isArray(cases) ? (cases as PyJson[]) : [])
        .filter((c) => field(c, 'oracle') !== undefined)
        .map((c) => {
          const oracle = field(c, 'oracle');
          const inputType = field(field(c, 'input'), 'input_type');
          return {
            file,
            id: field(c, 'id') as string,
            declaration: field(c, 'declaration')!,
            root: (field(inputType, 'type') === 'model' ? field(inputType, 'name') : field(field(c, 'declaration'), 'root')) as string | undefined,
            model: field(oracle, 'model') as string,
            mode: (field(oracle, 'mode') as string | undefined) ?? 'validation',
            python: field(oracle, 'python') as string,
            expected: field(field(c, 'expect'), 'input_schema') as string,
          };
        });
    });
