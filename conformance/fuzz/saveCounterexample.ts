import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProtocolCase } from '../serve/ops/index.js';
import { writeYamlFlow } from './yamlFlow.js';

export interface Counterexample {
  readonly target: string;
  readonly area: string;
  readonly seed: number;
  readonly path: string;
  readonly testCase: ProtocolCase;
  readonly detail: string;
}

/** The fixture file's base name: where the counterexample came from, in characters an id may hold. */
export const counterexampleStem = (c: Counterexample): string => `fuzz-${c.target}-seed${c.seed}-path${c.path.replace(/:/g, '-')}`;

/**
 * Writes a shrunk counterexample as a fixture file `<dir>/<area>/<stem>.yaml` holding one case,
 * with an empty `expect` and a comment saying that a person fills it from the reference
 * documents. `--fixtures <dir>` loads it as it is, as case `<area>/<stem>/counterexample`.
 */
export const saveCounterexample = (dir: string, c: Counterexample): string => {
  const stem = counterexampleStem(c);
  const folder = join(dir, c.area);
  const file = join(folder, `${stem}.yaml`);
  const lines = [
    `# Shrunk counterexample of \`agentparity fuzz ${c.target} --seed ${c.seed} --path ${c.path}\`.`,
    '# Its expect is empty on purpose: write it by hand from the reference documents (for a schema',
    "# case, pydantic's own output for a hand-written oracle class), never from a participant's output.",
    `description: ${writeYamlFlow(`Counterexample found by fuzzing ${c.target}: ${c.detail}`)}`,
    'cases:',
    `  - id: ${c.area}/${stem}/counterexample`,
    `    description: ${writeYamlFlow(`Found by fuzz ${c.target} with seed ${c.seed}, path ${c.path}.`)}`,
    `    op: ${c.testCase.op}`,
    ...(c.testCase.declaration === undefined ? [] : [`    declaration: ${writeYamlFlow(c.testCase.declaration)}`]),
    ...(c.testCase.input === undefined ? [] : [`    input: ${writeYamlFlow(c.testCase.input)}`]),
    '    expect: {}',
    '',
  ];
  mkdirSync(folder, { recursive: true });
  writeFileSync(file, lines.join('\n'));
  return file;
};
