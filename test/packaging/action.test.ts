import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { tempFiles } from '../helpers/tempFixtures.js';
import { elementsNamed, parseXml } from '../helpers/xmlTree.js';

const root = new URL('../../', import.meta.url).pathname;

interface Step {
  readonly id?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly env?: Record<string, string>;
}
const action = parse(readFileSync(join(root, 'action.yml'), 'utf8')) as { runs: { using: string; steps: Step[] } };

describe('action.yml', () => {
  it('is a composite action that installs, then runs conformance with a JUnit report and a step summary', () => {
    expect(action.runs.using).toBe('composite');
    expect(action.runs.steps.map((s) => s.uses ?? s.id ?? 'run')).toEqual(['actions/setup-node@v4', 'actions/setup-python@v5', 'run', 'conformance']);
    expect(action.runs.steps[2]!.run).toContain('npm ci');
  });

  it('runs a command that writes the JUnit report (making its folder) and the markdown summary', async () => {
    const step = action.runs.steps.find((s) => s.id === 'conformance')!;
    const dir = tempFiles({});
    const summary = join(dir, 'step-summary.md');
    const done = await execa('bash', ['-c', step.run!], {
      cwd: dir,
      reject: false,
      env: { GITHUB_ACTION_PATH: root, GITHUB_STEP_SUMMARY: summary, JUNIT: 'reports/junit.xml', ARGS: '--filter schema/basics --only python' },
    });
    expect(done.exitCode, done.stderr).toBe(0);
    const cases = elementsNamed(parseXml(readFileSync(join(dir, 'reports', 'junit.xml'), 'utf8')), 'testcase');
    expect(cases.length).toBeGreaterThan(0);
    expect(cases.every((c) => c.attributes['classname']!.startsWith('python.schema.basics'))).toBe(true);
    expect(readFileSync(summary, 'utf8')).toMatch(/^## agentparity conformance: parity \(exit 0\)\n/);
    expect(done.stdout).toMatch(/^schema: \d+ cases; python \d+ identical/m);
  });
});
