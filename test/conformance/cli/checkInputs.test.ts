import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findProgram } from '../../../conformance/cli/checkInputs.js';
import { fauxCommand } from '../../helpers/faux.js';
import { runCli } from '../../helpers/runCli.js';
import { tempFiles } from '../../helpers/tempFixtures.js';

describe('cli/checkInputs: every input is checked before the first case', () => {
  it('finds a program by its path or on PATH, and nothing else', () => {
    expect(findProgram(basename(process.execPath), '/', dirname(process.execPath))).toBe(process.execPath);
    expect(findProgram(process.execPath)).toBe(process.execPath);
    expect(findProgram('agentparity-no-such-program', '/', dirname(process.execPath))).toBeUndefined();
    const dir = tempFiles({ 'not-runnable.sh': 'echo hi\n' });
    expect(findProgram('./not-runnable.sh', dir)).toBeUndefined();
  });

  it('refuses a participant program that cannot be found before any case runs (exit 2), writing no report', async () => {
    const dir = tempFiles({});
    const report = join(dir, 'report.json');
    const run = await runCli('conformance', '--filter', 'schema/basics', '--participant', 'agentparity-no-such-program --flag', '--reporter', `json=${report}`);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('agentparity conformance: --participant "agentparity-no-such-program --flag": cannot run agentparity-no-such-program: not found on PATH; no case was run');
    expect(existsSync(report)).toBe(false);
  });

  it('refuses a --fixtures folder that does not exist, even beside one that does (exit 2)', async () => {
    const run = await runCli('conformance', '--fixtures', join(dirname(new URL(import.meta.url).pathname), '../../../fixtures'), '--fixtures', '/nonexistent/fixtures', '--filter', 'schema/basics');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--fixtures /nonexistent/fixtures: no such folder; no case was run');
    expect(run.stdout).toBe('');
  });

  it('refuses a --write-known-divergences file whose folder does not exist before any case runs (exit 2), naming the path', async () => {
    const dir = tempFiles({});
    const report = join(dir, 'report.json');
    const baseline = join(dir, 'no-such-folder', 'known.yaml');
    const run = await runCli('conformance', '--filter', 'schema/basics', '--only', 'ts', '--write-known-divergences', baseline, '--reporter', `json=${report}`);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`--write-known-divergences ${baseline}: its folder ${join(dir, 'no-such-folder')} does not exist; no case was run`);
    expect(run.stderr).not.toContain('cases on');
    expect(existsSync(report)).toBe(false);
    const folder = await runCli('conformance', '--filter', 'schema/basics', '--only', 'ts', '--write-known-divergences', dir);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toContain(`--write-known-divergences ${dir}: a folder, not a file; no case was run`);
  });

  it('tells of a malformed fixture file before the first case, and still runs the other files\' cases (exit 2)', async () => {
    const fixtures = tempFiles({
      'faux/cases.yaml': 'description: one good case\ncases:\n  - id: faux/cases/fine\n    op: derive_schema\n    input: {description: fine}\n    expect: {description: fine}\n',
      'faux/broken.yaml': 'cases: [\n',
    });
    const run = await runCli('conformance', '--fixtures', fixtures, '--only', fauxCommand('--name', 'python'), '--reporter', 'json');
    expect(run.code).toBe(2);
    // The parser's message spans lines; the problem is told, then the run starts.
    const told = run.stderr.indexOf(`agentparity conformance: ${join(fixtures, 'faux', 'broken.yaml')}: `);
    const started = run.stderr.indexOf('agentparity conformance: 1 cases on');
    expect(told).toBeGreaterThanOrEqual(0);
    expect(run.stderr.slice(told, started)).toContain('(bad input: the other cases run, and the run exits 2)');
    const report = JSON.parse(run.stdout) as { cases: { id: string; status: string }[] };
    expect(report.cases).toEqual([expect.objectContaining({ id: 'faux/cases/fine', status: 'identical' })]);
  });

  it('refuses a fuzz participant program that cannot be found before any participant starts (exit 2)', async () => {
    const run = await runCli('fuzz', 'normalize', '--runs', '1', '--participant', '/nonexistent/participant');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--participant "/nonexistent/participant": cannot run /nonexistent/participant: no runnable file of that path; no case was run');
  });
});
