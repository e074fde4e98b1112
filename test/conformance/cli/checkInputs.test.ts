import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findProgram } from '../../../conformance/cli/checkInputs.js';
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

  it('refuses a fuzz participant program that cannot be found before any participant starts (exit 2)', async () => {
    const run = await runCli('fuzz', 'normalize', '--runs', '1', '--participant', '/nonexistent/participant');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--participant "/nonexistent/participant": cannot run /nonexistent/participant: no runnable file of that path; no case was run');
  });
});
