import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/runCli.js';

describe('cli/fuzz', () => {
  it('runs a few values of a target from a seed and exits 0 without a failure', async () => {
    const run = await runCli('fuzz', 'schema', '--runs', '5', '--seed', '11');
    expect(run.stdout).toMatch(/^fuzz schema: 5 values from seed 11: no failure/);
    expect(run.code).toBe(0);
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
  ])('exits 2 on a usage problem: %j', async (argv, message) => {
    const run = await runCli('fuzz', ...argv);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });
});
