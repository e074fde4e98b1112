import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../../../conformance/report/report.js';
import { fauxCommand } from '../../helpers/faux.js';
import { runCli } from '../../helpers/runCli.js';
import { tempFiles } from '../../helpers/tempFixtures.js';

const python = fauxCommand('--name', 'python');
const other = fauxCommand('--name', 'other');

// Cases each participant answers as told: alike, alike but for a whole float, or differently.
const answers = (p: string, o: string): string => `{behaviour: by-name, answers: {python: '${p}', other: '${o}'}}`;
const kinds = [answers('{"v": 1}', '{"v": 1}'), answers('{"v": 1.0}', '{"v": 1}'), answers('{"v": [1, 2]}', '{"v": [1, 3]}')];
const fixtureFile = (area: string, stem: string, count: number): string =>
  `description: ${count} cases\ncases:\n${Array.from({ length: count }, (_, i) => `  - id: ${area}/${stem}/case-${i}\n    op: derive_schema\n    input: ${kinds[i % 3]}\n`).join('')}`;

const both = ['--only', python, '--only', other];

const jsonRun = async (...argv: string[]): Promise<{ code: number; report: ConformanceReport; stderr: string }> => {
  const run = await runCli('conformance', '--reporter', 'json', ...argv);
  return { code: run.code, report: JSON.parse(run.stdout) as ConformanceReport, stderr: run.stderr };
};

const verdicts = (report: ConformanceReport): string[] => report.cases.map((c) => `${c.participant} ${c.id} ${c.status} ${c.detail}`).sort();

describe('workflow: shards, report, list, exclude, several fixtures, bail, a written baseline', () => {
  it('merges shards 1/3, 2/3 and 3/3 with `report` into the same case set and verdicts as one full run', async () => {
    const dir = tempFiles({ 'f/faux/a.yaml': fixtureFile('faux', 'a', 14), 'f/faux/b.yaml': fixtureFile('faux', 'b', 10) });
    const fixtures = join(dir, 'f');
    const full = await jsonRun('--fixtures', fixtures, ...both);
    expect(full.code).toBe(1);
    const files: string[] = [];
    const seen: string[] = [];
    for (const shard of ['1/3', '2/3', '3/3']) {
      const part = await jsonRun('--fixtures', fixtures, ...both, '--shard', shard);
      expect(part.report.summary.cases).toBeGreaterThan(0);
      seen.push(...new Set(part.report.cases.map((c) => c.id)));
      const file = join(dir, `shard-${shard.replace('/', 'of')}.json`);
      writeFileSync(file, JSON.stringify(part.report));
      files.push(file);
    }
    expect(seen.sort()).toEqual([...new Set(full.report.cases.map((c) => c.id))].sort());
    const merged = await runCli('report', ...files, '--reporter', 'json');
    const report = JSON.parse(merged.stdout) as ConformanceReport;
    expect(merged.code).toBe(full.code);
    expect(verdicts(report)).toEqual(verdicts(full.report));
    expect(report.summary.participants).toEqual(full.report.summary.participants);
    expect(report.summary.cases).toBe(24);
    const junit = await runCli('report', ...files, '--reporter', `junit=${join(dir, 'out', 'junit.xml')}`, '--reporter', 'markdown');
    expect(junit.stdout).toMatch(/^## agentparity conformance: divergence \(exit 1\)/);
    expect(readFileSync(join(dir, 'out', 'junit.xml'), 'utf8')).toContain('<testsuites name="agentparity conformance" tests="48" failures="7"');
  });

  it('refuses a file that is not a saved report (exit 2), naming it', async () => {
    const dir = tempFiles({ 'bad.json': '{"cases": []}', 'text.json': 'not json' });
    for (const file of ['bad.json', 'text.json']) {
      const run = await runCli('report', join(dir, file));
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(join(dir, file));
    }
  });

  it('lists the selected case ids with their files and lines, running nothing; --exclude and --shard select', async () => {
    const dir = tempFiles({ 'faux/a.yaml': fixtureFile('faux', 'a', 4) });
    const list = await runCli('conformance', '--fixtures', dir, '--list', '--only', 'no-such-command-at-all', '--exclude', 'faux/a/case-1');
    expect(list.code).toBe(0);
    expect(list.stdout.trimEnd().split('\n')).toEqual([0, 2, 3].map((i) => `faux/a/case-${i}\t${join(dir, 'faux', 'a.yaml')}:${3 + 3 * i}`));
    const shards = await Promise.all(['1/2', '2/2'].map((s) => runCli('conformance', '--fixtures', dir, '--list', '--shard', s)));
    expect(shards.flatMap((s) => s.stdout.trimEnd().split('\n').filter(Boolean)).sort()).toEqual([0, 1, 2, 3].map((i) => `faux/a/case-${i}\t${join(dir, 'faux', 'a.yaml')}:${3 + 3 * i}`));
    expect((await runCli('conformance', '--fixtures', dir, '--list', '--exclude', 'faux/zzz')).code).toBe(2);
    expect((await runCli('conformance', '--shard', '4/3', '--list')).stderr).toContain('--shard takes i/n with 1 <= i <= n');
  });

  it('runs the cases of several --fixtures folders together, and refuses an id used in two (exit 2)', async () => {
    const one = tempFiles({ 'faux/a.yaml': fixtureFile('faux', 'a', 2) });
    const two = tempFiles({ 'faux/b.yaml': fixtureFile('faux', 'b', 1) });
    const run = await jsonRun('--fixtures', one, '--fixtures', two, '--only', python);
    expect(run.report.cases.map((c) => c.id)).toEqual(['faux/a/case-0', 'faux/a/case-1', 'faux/b/case-0']);
    const again = await jsonRun('--fixtures', one, '--fixtures', one, '--only', python);
    expect(again.code).toBe(2);
    expect(again.report.bad_input[0]!.message).toBe(`id faux/a/case-0 is already used in ${join(one, 'faux', 'a.yaml')}`);
  });

  it('stops after N problem cases under --bail N, saying how many cases did not run', async () => {
    const dir = tempFiles({ 'faux/a.yaml': fixtureFile('faux', 'a', 150) });
    const bailed = await jsonRun('--fixtures', dir, ...both, '--bail');
    expect(bailed.code).toBe(1);
    expect(bailed.report.summary.cases).toBe(64);
    expect(bailed.report.warnings).toEqual(['stopped after 21 problem cases (--bail 1): 86 cases not run']);
    const later = await jsonRun('--fixtures', dir, ...both, '--bail', '30');
    expect(later.report.summary.cases).toBe(128);
  });

  it('writes every divergent case as a baseline the run refuses until each reason is written', async () => {
    const dir = tempFiles({ 'f/faux/a.yaml': fixtureFile('faux', 'a', 6) });
    const baseline = join(dir, 'known.yaml');
    const wrote = await jsonRun('--fixtures', join(dir, 'f'), ...both, '--write-known-divergences', baseline);
    expect(wrote.code).toBe(1);
    expect(wrote.stderr).toContain(`wrote 2 known divergences to ${baseline}; write the reason of the 2 new ones before using it`);
    const refused = await runCli('conformance', '--fixtures', join(dir, 'f'), ...both, '--known-divergences', baseline);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${baseline}: $[0].reason: faux/a/case-2 still has the placeholder reason: write why the divergence is expected\n`);
    expect(refused.stderr).toContain(`${baseline}: $[1].reason: faux/a/case-5 still has the placeholder reason: write why the divergence is expected\n`);
    writeFileSync(baseline, readFileSync(baseline, 'utf8').replace(/"TODO: [^"]*"/g, '"the lists differ on purpose"'));
    const accepted = await jsonRun('--fixtures', join(dir, 'f'), ...both, '--known-divergences', baseline);
    expect(accepted.code).toBe(0);
    expect(accepted.report.summary.participants['other']).toMatchObject({ divergent: 2, known: 2 });
  });
});
