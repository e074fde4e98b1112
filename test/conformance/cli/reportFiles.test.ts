import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../../../conformance/report/report.js';
import { fauxCommand } from '../../helpers/faux.js';
import { runCli } from '../../helpers/runCli.js';
import { tempFiles } from '../../helpers/tempFixtures.js';
import { elementsNamed, parseXml } from '../../helpers/xmlTree.js';

const fixtures = `description: one case
cases:
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
    const testcase = elementsNamed(parseXml(readFileSync(junit, 'utf8')), 'testcase')[0]!;
    expect(testcase.attributes).toMatchObject({ classname: 'python.faux.files', name: 'faux/files/one', file: join(dir, 'fixtures', 'faux', 'files.yaml'), line: '3' });
    expect(testcase.attributes['time']).toMatch(/^\d+\.\d{3}$/);
    const report = JSON.parse(readFileSync(json, 'utf8')) as ConformanceReport;
    expect(report.summary.exit_code).toBe(0);
    expect(Date.parse(report.started_at!)).toBeGreaterThan(Date.parse('2026-01-01'));
    expect(report.duration_ms).toBeGreaterThan(0);
    expect(report.participants[0]!.implementation).toMatchObject({ name: 'python', language: expect.any(String), version: expect.any(String) });
    expect(report.cases[0]).toMatchObject({ id: 'faux/files/one', file: join(dir, 'fixtures', 'faux', 'files.yaml'), line: 3, duration_ms: expect.any(Number) });
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
