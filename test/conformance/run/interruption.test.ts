import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { readDuration } from '../../../conformance/cli/duration.js';
import { fauxCommand } from '../../helpers/faux.js';
import { runCli } from '../../helpers/runCli.js';
import { childrenOf, isAlive, lineCount, startCli, waitFor } from '../../helpers/interruptibleCli.js';
import { tempFiles } from '../../helpers/tempFixtures.js';

const reportSchema = JSON.parse(readFileSync(new URL('../../../conformance/report.schema.json', import.meta.url), 'utf8')) as object;

interface Report {
  summary: { exit_code: number; outcome: string; participants: Record<string, { not_run?: number }> };
  interrupted?: { cause: string; message: string };
  cases: { id: string; participant: string; status: string; detail: string }[];
}

// The bundled schema fixtures on python and a faux participant that takes 400 ms a case and
// logs each case it answered: a run of about a minute, which the tests end long before that.
const slowRun = (dir: string, ...extra: string[]): string[] => [
  'conformance',
  '--filter',
  'schema',
  '--only',
  'python',
  '--participant',
  fauxCommand('--name', 'slow', '--sleep', '400', '--log', join(dir, 'answered.log')),
  '--reporter',
  `json=${join(dir, 'report.json')}`,
  '--reporter',
  `junit=${join(dir, 'report.xml')}`,
  '--reporter',
  `markdown=${join(dir, 'report.md')}`,
  '--reporter',
  'console',
  ...extra,
];

// A participant that never answers start.
const MUTE = fauxCommand('--name', 'mute', '--silent-start');

/** Runs the command, sends SIGTERM while MUTE waits for its start reply, and checks that the run exits 3 with MUTE gone. */
const stopWhileStarting = async (args: string[]): Promise<Awaited<ReturnType<typeof startCli>>> => {
  const cli = startCli(args);
  let mute: { pid: number; args: string }[] = [];
  await waitFor(() => ((mute = childrenOf(cli.pid!).filter((c) => c.args.includes('--silent-start'))), mute.length > 0), 'the participant to be waiting for its start reply');
  cli.kill('SIGTERM');
  const done = await cli;
  expect(done.exitCode).toBe(3);
  expect(mute.filter((c) => isAlive(c.pid))).toEqual([]);
  return done;
};

interface FuzzSummary {
  readonly seed: number;
  readonly runs: number;
  readonly checked: number;
  readonly failures: unknown[];
  readonly interrupted: unknown;
  readonly exit_code: number;
}

/**
 * Starts `fuzz ... --json`, sends SIGTERM once stderr says `started`, and checks that it exits 3
 * with every child process whose command line holds `child` gone; returns its --json summary.
 */
const stopFuzzOnceStarted = async (args: string[], started: string, child: string): Promise<FuzzSummary> => {
  const cli = startCli(args);
  let stderr = '';
  cli.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await waitFor(() => stderr.includes(started), 'the fuzz run to start');
  const children = childrenOf(cli.pid!).filter((c) => c.args.includes(child));
  cli.kill('SIGTERM');
  const done = await cli;
  expect(done.exitCode).toBe(3);
  expect(children.length).toBeGreaterThan(0);
  expect(children.filter((c) => isAlive(c.pid))).toEqual([]);
  return JSON.parse(done.stdout) as FuzzSummary;
};

describe('run/interruption: a run ended by a signal or --deadline', { timeout: 240_000 }, () => {
  it('writes the partial report with every reporter, stops the participants and exits 3 on SIGTERM', async () => {
    const dir = tempFiles({});
    const cli = startCli(slowRun(dir));
    // The processes are noted as soon as both run: Python, done with its cases early, may stop before the signal.
    let children: { pid: number; args: string }[] = [];
    const python = () => children.filter((c) => c.args.includes('agentparity_ref.participant'));
    const slowProcess = () => children.filter((c) => c.args.includes('faux.mjs'));
    await waitFor(() => ((children = childrenOf(cli.pid!)), python().length > 0 && slowProcess().length > 0), 'both participant processes to run');
    const noted = [...python(), ...slowProcess()];
    // Four answers logged: the first was written three cases (1.2 s) before, so the harness has read it.
    await waitFor(() => lineCount(join(dir, 'answered.log')) >= 4, 'the slow participant to answer four cases');
    cli.kill('SIGTERM');
    const done = await cli;
    expect(done.exitCode).toBe(3);
    expect(noted.filter((c) => isAlive(c.pid))).toEqual([]);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report;
    const validate = new Ajv2020({ strict: true, allowUnionTypes: true }).compile(reportSchema);
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report.interrupted).toEqual({ cause: 'SIGTERM', message: 'SIGTERM was received' });
    expect(report.summary).toMatchObject({ exit_code: 3, outcome: 'interrupted' });
    const slow = report.cases.filter((c) => c.participant === 'slow');
    // Every case of the run is in the report: those answered, and the rest not run.
    expect(new Set(slow.map((c) => c.id)).size).toBe(new Set(report.cases.map((c) => c.id)).size);
    expect(slow.filter((c) => c.status !== 'not_run').length).toBeGreaterThanOrEqual(1);
    expect(report.summary.participants['slow']!.not_run).toBe(slow.filter((c) => c.status === 'not_run').length);
    expect(slow.find((c) => c.status === 'not_run')?.detail).toBe('not run: SIGTERM was received');
    expect(readFileSync(join(dir, 'report.xml'), 'utf8')).toContain('<skipped message="not run: SIGTERM was received"/>');
    expect(readFileSync(join(dir, 'report.md'), 'utf8')).toMatch(/^## agentparity conformance: interrupted \(exit 3\)$/m);
    expect(done.stdout).toMatch(/^interrupted: SIGTERM was received; \d+ of \d+ cases not run/m);
    expect(done.stdout).toMatch(/^slow: .*, \d+ not run$/m);
    expect(done.stderr).toContain('SIGTERM was received: stopping the participants and writing the partial report');
  });

  it('does the same when --deadline passes, naming the deadline', async () => {
    const dir = tempFiles({});
    const done = await startCli(slowRun(dir, '--deadline', '2s'));
    expect(done.exitCode).toBe(3);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report;
    expect(report.interrupted).toEqual({ cause: 'deadline', message: 'the deadline of 2000 ms passed' });
    expect(report.cases.some((c) => c.status === 'not_run')).toBe(true);
  });

  it('exits 3 at once, without a report, on a second SIGINT', async () => {
    const dir = tempFiles({});
    const cli = startCli(slowRun(dir));
    await waitFor(() => lineCount(join(dir, 'answered.log')) >= 1, 'the slow participant to answer a case');
    cli.kill('SIGINT');
    // The slow participant reads `stop` only after the cases queued before it, so stopping takes
    // the whole grace period: the second signal comes while the first is still being handled.
    let stderr = '';
    cli.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await waitFor(() => stderr.includes('stopping the participants'), 'the first SIGINT to be taken');
    cli.kill('SIGINT');
    const done = await cli;
    expect(done.exitCode).toBe(3);
    expect(done.stderr).toContain('SIGINT again: exiting at once, without the report');
    expect(existsSync(join(dir, 'report.json'))).toBe(false);
  });

  it('ends fuzz with a partial --json summary on SIGTERM: the values checked, no failure so far, the seed; exit 3', async () => {
    const summary = await stopFuzzOnceStarted(['fuzz', 'normalize', '--runs', '10000000', '--seed', '7', '--json'], 'fuzz normalize: seed 7', 'agentparity_ref.participant');
    expect(summary).toMatchObject({ seed: 7, runs: 10_000_000, failures: [], interrupted: { cause: 'SIGTERM', message: 'SIGTERM was received' }, exit_code: 3 });
    expect(summary.checked).toBeLessThan(10_000_000);
  });

  it('ends a fuzz replay (--path) the same way on SIGTERM: no failure, the value not checked; exit 3', async () => {
    // The faux participant never answers, so the replayed value is answered only "not run".
    const args = ['fuzz', 'normalize', '--seed', '7', '--path', '0', '--only', 'ts', '--reference', 'ts', '--participant', fauxCommand('--name', 'hung', '--behave', 'hang'), '--json'];
    const summary = await stopFuzzOnceStarted(args, 'fuzz normalize: seed 7, path 0', 'faux.mjs');
    expect(summary).toMatchObject({ seed: 7, checked: 0, failures: [], interrupted: { cause: 'SIGTERM', message: 'SIGTERM was received' }, exit_code: 3 });
  });

  it('ends a conformance run at once on SIGTERM while a participant never answers start: it is killed, its cases not run; exit 3', async () => {
    const dir = tempFiles({});
    await stopWhileStarting(['conformance', '--filter', 'schema', '--only', 'ts', '--reference', 'ts', '--participant', MUTE, '--reporter', `json=${join(dir, 'report.json')}`]);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report;
    expect(report.interrupted).toEqual({ cause: 'SIGTERM', message: 'SIGTERM was received' });
    expect(report.summary).toMatchObject({ exit_code: 3, outcome: 'interrupted' });
    const cases = report.cases.filter((c) => c.participant === 'mute');
    expect(cases.length).toBeGreaterThan(0);
    expect(cases.filter((c) => c.status !== 'not_run')).toEqual([]);
  });

  it('ends fuzz on SIGTERM while a participant never answers start, saying so; exit 3', async () => {
    const done = await stopWhileStarting(['fuzz', 'normalize', '--seed', '7', '--only', 'ts', '--reference', 'ts', '--participant', MUTE, '--json']);
    expect(done.stderr).toContain('agentparity fuzz: interrupted (SIGTERM was received) before every participant started');
  });

  it('refuses a --deadline that is not a duration with its unit (exit 2)', async () => {
    expect(readDuration('deadline', '90s')).toBe(90_000);
    expect(readDuration('deadline', '5m')).toBe(300_000);
    expect(readDuration('deadline', '1500ms')).toBe(1500);
    expect(readDuration('deadline', '1.5h')).toBe(5_400_000);
    for (const bad of ['90', '0s', 's', '5 min', '-1s']) expect(() => readDuration('deadline', bad)).toThrow(`--deadline takes a duration above 0 with its unit, such as 90s, 5m or 1500ms, not ${JSON.stringify(bad)}`);
    const done = await runCli('conformance', '--deadline', 'soon');
    expect(done.code).toBe(2);
    expect(done.stderr).toContain('--deadline takes a duration above 0');
  });
});
