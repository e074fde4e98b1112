import { describe, expect, it } from 'vitest';
import { fauxCommand } from '../../helpers/faux.js';
import { runCli } from '../../helpers/runCli.js';

// The Python reference as an outside participant is given: a command line, run from anywhere.
const PYTHON_COMMAND = 'python3 -m agentparity_ref.participant';

interface FuzzJson {
  readonly target: string;
  readonly seed: number;
  readonly runs: number;
  readonly checked: number;
  readonly cases_per_second: number;
  readonly reference: string;
  readonly participants: readonly { name: string; reference?: true; counts?: Record<string, number>; implementation: { language: string } }[];
  readonly failures: readonly { status: string; detail: string; path: string; replay: string; case: string }[];
  readonly exit_code: number;
}

describe('cli/fuzz', () => {
  it('runs a few values of a target from a seed and exits 0 without a failure', async () => {
    const run = await runCli('fuzz', 'schema', '--runs', '5', '--seed', '11');
    expect(run.stdout).toMatch(/^fuzz schema: 5 values from seed 11: no failure/);
    expect(run.code).toBe(0);
  });

  it('runs a third participant given as a command, and prints one JSON object with --json', async () => {
    const run = await runCli('fuzz', 'normalize', '--runs', '60', '--seed', '1', '--participant', PYTHON_COMMAND, '--json');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as FuzzJson;
    expect(json).toMatchObject({ target: 'normalize', seed: 1, runs: 60, checked: 60, reference: 'python', failures: [], exit_code: 0 });
    expect(json.participants.map((p) => [p.name, p.implementation.language, p.reference ?? p.counts!['divergent']])).toEqual([
      ['ts', 'typescript', 0],
      ['python', 'python', true],
      ['agentparity_ref', 'python', 0],
    ]);
    const counts = json.participants[2]!.counts!;
    expect(counts['identical']! + counts['equivalent']!).toBe(60);
    expect(json.cases_per_second).toBeGreaterThan(0);
  });

  it('fails on a participant that decides differently, with a replay command carrying every participant flag', async () => {
    // The faux participant answers normalize as derive_schema: not what the reference answers.
    const faux = fauxCommand('--name', 'odd');
    const run = await runCli('fuzz', 'normalize', '--runs', '5', '--seed', '3', '--only', 'python', '--participant', faux, '--reference', 'python', '--json');
    expect(run.code).toBe(1);
    const [failure] = (JSON.parse(run.stdout) as FuzzJson).failures;
    expect(failure!.status).toBe('divergent');
    expect(failure!.detail).toContain('in odd');
    expect(failure!.replay).toBe(`npx agentparity fuzz normalize --seed 3 --path ${failure!.path} --only python --participant '${faux}' --reference python`);
    const text = await runCli('fuzz', 'normalize', '--seed', '3', '--path', failure!.path, '--only', 'python', '--participant', faux, '--reference', 'python');
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(`replay: ${failure!.replay}\n`);
  });

  it('lists the targets in its usage', async () => {
    const run = await runCli('fuzz', '--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/targets:\n {2}schema /);
  });

  it.each([
    [['nope'], 'unknown fuzz target "nope"'],
    [['schema', '--runs', '0'], '--runs takes a whole number of at least 1'],
    [['schema', '--seed', 'x'], '--seed takes a whole number'],
    [['schema', '--path', '3:a'], '--path takes a fast-check path such as 17:3:0'],
    [['normalize', '--only', 'python'], 'fuzzing compares participants, and "python" alone has nothing to be compared with'],
    [['normalize', '--runs', '1', '--reference', 'pyhton'], '--reference "pyhton" names no participant of this run; the participants are "ts", "python"'],
  ])('exits 2 on a usage problem: %j', async (argv, message) => {
    const run = await runCli('fuzz', ...argv);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });
});
