import { describe, expect, it } from 'vitest';
import { fauxCommand } from '../../helpers/faux.js';
import { runCli } from '../../helpers/runCli.js';
import { spawnCli } from '../../helpers/spawnCli.js';

// What may differ between two runs of one suite: when, where and how long.
const TIMING_FIELDS = new Set(['started_at', 'duration_ms', 'hostname', 'seconds', 'cases_per_second']);

const withoutTiming = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutTiming);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).flatMap(([key, v]) => (TIMING_FIELDS.has(key) ? [] : [[key, withoutTiming(v)]])));
};

// Two whole runs each: a bound for a loaded machine, not a figure.
const TWO_RUNS_MS = 300_000;

const jsonOf = async (...argv: string[]): Promise<{ code: number; json: unknown }> => {
  const run = await runCli(...argv);
  return { code: run.code, json: withoutTiming(JSON.parse(run.stdout)) };
};

describe('cli --jobs', () => {
  // At --jobs 1 the in-process ts runs in direct mode, at --jobs 2 on threads through the text:
  // the same report also says that skipping the text changed nothing.
  it('gives the whole bundled suite the same JSON report with --jobs 2 as with --jobs 1', async () => {
    // A case's deadline is raised so that a loaded machine cannot make one run's case time out.
    const argv = ['conformance', '--reporter', 'json', '--timeout', '120000'];
    const [one, two] = [await jsonOf(...argv, '--jobs', '1'), await jsonOf(...argv, '--jobs', '2')];
    expect(one.code).toBe(0);
    expect((one.json as { cases: unknown[] }).cases.length).toBeGreaterThan(400);
    expect(two).toEqual(one);
  }, TWO_RUNS_MS);

  it('gives a fuzz run from a fixed seed the same counts with --jobs 2 as with --jobs 1', async () => {
    const argv = ['fuzz', 'normalize', '--runs', '300', '--seed', '5', '--json'];
    const [one, two] = [await jsonOf(...argv, '--jobs', '1'), await jsonOf(...argv, '--jobs', '2')];
    expect(one).toMatchObject({ code: 0, json: { checked: 300, failures: [] } });
    expect(two).toEqual(one);
  }, TWO_RUNS_MS);

  it('finds the same first failure and shrinks it to the same counterexample with --jobs 2', async () => {
    // The faux participant answers normalize as derive_schema: not what the reference answers.
    // Each run is a process of its own: a drawn case's id counts the cases its process made.
    const argv = ['fuzz', 'normalize', '--runs', '10', '--seed', '3', '--only', 'python', '--participant', fauxCommand('--name', 'odd'), '--reference', 'python', '--json'];
    const spawned = async (...jobs: string[]) => {
      const run = await spawnCli([...argv, ...jobs]);
      return { code: run.exitCode, json: withoutTiming(JSON.parse(run.stdout)) };
    };
    const [one, two] = await Promise.all([spawned('--jobs', '1'), spawned('--jobs', '2')]);
    expect(one).toMatchObject({ code: 1, json: { failures: [{ status: 'divergent' }] } });
    expect(two).toEqual(one);
  }, TWO_RUNS_MS);

  it.each([['conformance'], ['fuzz', 'schema']])('%s refuses a --jobs that is not a whole number of at least 1', async (...command) => {
    const run = await runCli(...command, '--jobs', '0');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--jobs takes a whole number of at least 1, not "0"');
  });
});
