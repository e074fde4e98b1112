import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fauxCommand } from '../../helpers/faux.js';
import { runCli } from '../../helpers/runCli.js';
import { tempFiles } from '../../helpers/tempFixtures.js';

const fixtures = `cases:
  - id: faux/files/one
    op: derive_schema
    input: {description: one}
    expect: {description: one}
`;

describe('report files', () => {
  it('makes the folders of every report file, and writes each', async () => {
    const dir = tempFiles({ 'fixtures/faux/files.yaml': fixtures });
    const junit = join(dir, 'reports', 'deep', 'junit.xml');
    const json = join(dir, 'other', 'report.json');
    const run = await runCli('conformance', '--fixtures', join(dir, 'fixtures'), '--only', fauxCommand('--name', 'python'), '--reporter', `junit=${junit}`, '--reporter', `json=${json}`);
    expect(run.code).toBe(0);
    expect(readFileSync(junit, 'utf8')).toMatch(/^<\?xml/);
    expect(JSON.parse(readFileSync(json, 'utf8'))).toMatchObject({ summary: { exit_code: 0 } });
  });

  it('refuses a report file whose folder cannot be made before running anything (exit 2)', async () => {
    const dir = tempFiles({ 'fixtures/faux/files.yaml': fixtures, 'taken': 'a file, not a folder' });
    const run = await runCli('conformance', '--fixtures', join(dir, 'fixtures'), '--only', fauxCommand('--name', 'python'), '--reporter', `junit=${join(dir, 'taken', 'junit.xml')}`);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`--reporter junit=${join(dir, 'taken', 'junit.xml')}: cannot make its folder`);
    expect(run.stderr).not.toContain('cases on');
    expect(existsSync(join(dir, 'taken', 'junit.xml'))).toBe(false);
  });
});
