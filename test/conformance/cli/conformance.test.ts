import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../../../conformance/report/report.js';
import { fauxCommand } from '../../helpers/faux.js';
import { runCli } from '../../helpers/runCli.js';
import { tempFiles } from '../../helpers/tempFixtures.js';

const reportSchema = JSON.parse(readFileSync(new URL('../../../conformance/report.schema.json', import.meta.url), 'utf8')) as object;
const validateReport = new Ajv2020({ strict: true, allowUnionTypes: true }).compile(reportSchema);

const python = fauxCommand('--name', 'python');
const other = fauxCommand('--name', 'other');

const fixtureFile = (cases: string[]): string => `description: cases for the faux participant\ncases:\n${cases.join('')}`;
const fauxCase = (slug: string, input: string, expect?: string): string =>
  `  - id: faux/cases/${slug}\n    op: derive_schema\n    input: ${input}\n${expect ? `    expect: ${expect}\n` : ''}`;

const conformance = async (...argv: string[]): Promise<{ code: number; report: ConformanceReport; stderr: string }> => {
  const run = await runCli('conformance', '--reporter', 'json', ...argv);
  const report = JSON.parse(run.stdout) as ConformanceReport;
  expect(validateReport(report), JSON.stringify(validateReport.errors)).toBe(true);
  return { code: run.code, report, stderr: run.stderr };
};

const statuses = (report: ConformanceReport, participant: string): Record<string, string> =>
  Object.fromEntries(report.cases.filter((c) => c.participant === participant).map((c) => [c.id.split('/')[2], c.status]));

describe('cli/conformance on real faux participants', () => {
  it('accounts for every case when a participant crashes, hangs and garbles mid-run (exit 3)', async () => {
    const fixtures = tempFiles({
      'faux/cases.yaml': fixtureFile([
        fauxCase('first', '{behaviour: ok, description: one}', '{description: one}'),
        fauxCase('crash', '{behaviour: crash}'),
        fauxCase('second', '{behaviour: stderr, description: two}'),
        fauxCase('hang', '{behaviour: hang}'),
        fauxCase('garbage', '{behaviour: garbage}'),
        fauxCase('last', '{behaviour: ok, description: three}'),
      ]),
    });
    const { code, report } = await conformance('--fixtures', fixtures, '--only', python, '--only', other, '--timeout', '1500');
    expect(code).toBe(3);
    expect(report.summary).toMatchObject({ cases: 6, reference: 'python', exit_code: 3, outcome: 'participant failed' });
    const expected = { first: 'identical', crash: 'errored', second: 'identical', hang: 'errored', garbage: 'errored', last: 'identical' };
    expect(statuses(report, 'python')).toEqual(expected);
    expect(statuses(report, 'other')).toEqual(expected);
    const hang = report.cases.find((c) => c.id === 'faux/cases/hang' && c.participant === 'other')!;
    expect(hang.context).toMatchObject({ message: expect.stringMatching(/^no answer from other within 1500 ms \(1500 ms, \+1 ms per kB of a \d+ B request\) for faux\/cases\/hang \(derive_schema\); it ran \d+ ms; the participant was killed$/), stderr: expect.stringContaining('hanging on faux/cases/hang') });
    const crash = report.cases.find((c) => c.id === 'faux/cases/crash' && c.participant === 'python')!;
    expect(crash.context).toMatchObject({ exit_code: 3 });
  });

  it('reports every restart of a participant, and any restart fails the run (exit 3) though every case answered', async () => {
    const fixtures = tempFiles({
      'faux/cases.yaml': fixtureFile([
        fauxCase('first', '{behaviour: exit-after, description: one}', '{description: one}'),
        fauxCase('second', '{behaviour: ok, description: two}', '{description: two}'),
        fauxCase('third', '{behaviour: ok, description: three}', '{description: three}'),
      ]),
    });
    const consoleFile = join(fixtures, 'console.txt');
    const { code, report } = await conformance('--fixtures', fixtures, '--only', other, '--reporter', `console=${consoleFile}`);
    expect(code).toBe(3);
    expect(statuses(report, 'other')).toEqual({ first: 'identical', second: 'identical', third: 'identical' });
    expect(report.participants[0]!.restarts).toEqual([{ reason: expect.stringContaining('exited with code 0') }]);
    expect(report.summary).toMatchObject({ exit_code: 3, outcome: 'participant failed' });
    expect(readFileSync(consoleFile, 'utf8')).toContain('other was restarted: ');
  });

  it('errors every case of a participant that never starts, and runs the others (exit 3)', async () => {
    const fixtures = tempFiles({ 'faux/cases.yaml': fixtureFile([fauxCase('a', '{description: a}'), fauxCase('b', '{description: b}')]) });
    const { code, report } = await conformance('--fixtures', fixtures, '--only', python, '--participant', fauxCommand('--exit-at-start'));
    expect(code).toBe(3);
    expect(report.participants[1]).toMatchObject({ name: 'faux', start_error: { message: 'the participant exited with code 4 before answering start', stderr: 'faux: cannot start today\n' } });
    expect(statuses(report, 'faux')).toEqual({ a: 'errored', b: 'errored' });
    // Its results are unchecked (no expect, no other answer), and the failure that left them so decides the exit.
    expect(statuses(report, 'python')).toEqual({ a: 'unchecked', b: 'unchecked' });
  });

  it('finds identical, equivalent and divergent results, and exits 1 on the divergence', async () => {
    const answers = (p: string, o: string) => `{behaviour: by-name, answers: {python: '${p}', other: '${o}'}}`;
    const fixtures = tempFiles({
      'faux/cases.yaml': fixtureFile([
        fauxCase('same', answers('{"value": 1}', '{"value": 1}')),
        fauxCase('float', answers('{"value": 1.0}', '{"value": 1}')),
        fauxCase('order', answers('{"a": 1, "b": 2}', '{"b": 2, "a": 1}')),
        fauxCase('differ', answers('{"value": [1, 2]}', '{"value": [1, 3]}')),
        fauxCase('expect', answers('{"description": "five"}', '{"description": "five"}'), '{description: six}'),
      ]),
    });
    const { code, report } = await conformance('--fixtures', fixtures, '--only', python, '--only', other);
    expect(code).toBe(1);
    expect(statuses(report, 'other')).toEqual({ same: 'identical', float: 'equivalent', order: 'equivalent', differ: 'divergent', expect: 'divergent' });
    expect(statuses(report, 'python')).toEqual({ same: 'identical', float: 'identical', order: 'identical', differ: 'identical', expect: 'divergent' });
    const detail = (slug: string) => report.cases.find((c) => c.id === `faux/cases/${slug}` && c.participant === 'other')!.detail;
    expect(detail('float')).toBe('vs python: `/value` is 1.0 in python and 1 in other');
    expect(detail('differ')).toBe('vs python: `/value/1` is 2 in python and 3 in other');
    expect(detail('expect')).toBe('vs expect: `/description` is "six" in expect and "five" in other');
    expect(report.summary.participants['other']).toEqual({ identical: 1, equivalent: 2, divergent: 2, errored: 0, skipped: 0, unchecked: 0, known: 0 });
  });

  describe('with known divergences', () => {
    const fixtures = () =>
      tempFiles({
        'faux/cases.yaml': fixtureFile([
          fauxCase('same', `{behaviour: by-name, answers: {python: '{"v": 1}', other: '{"v": 1}'}}`),
          fauxCase('differ', `{behaviour: by-name, answers: {python: '{"v": 1}', other: '{"v": 2}'}}`),
        ]),
      });
    const run = (known: string) => {
      const dir = fixtures();
      const file = join(tempFiles({ 'known.yaml': known }), 'known.yaml');
      return conformance('--fixtures', dir, '--only', python, '--only', other, '--known-divergences', file);
    };

    it('passes when every divergence is listed, and reports it as known (exit 0)', async () => {
      const { code, report } = await run('- {id: faux/cases/differ, participant: other, reason: other counts from 2, issue: "#12"}\n');
      expect(code).toBe(0);
      expect(report.cases.find((c) => c.id === 'faux/cases/differ' && c.participant === 'other')).toMatchObject({ status: 'divergent', known: { reason: 'other counts from 2', issue: '#12' } });
      expect(report.summary.participants['other']!.known).toBe(1);
      expect(report.known_divergences).toMatchObject({ stale: [], unmatched: [] });
    });

    it('fails on a listed case that no longer diverges and on an entry that matches no case (exit 1)', async () => {
      const { code, report } = await run(
        '- {id: faux/cases/differ, participant: other, reason: known}\n- {id: faux/cases/same, participant: other, reason: was broken}\n- {id: faux/cases/gone, participant: other, reason: renamed}\n',
      );
      expect(code).toBe(1);
      expect(report.known_divergences!.stale).toEqual([{ id: 'faux/cases/same', participant: 'other', reason: 'was broken', status: 'identical' }]);
      expect(report.known_divergences!.unmatched).toEqual([{ id: 'faux/cases/gone', participant: 'other', reason: 'renamed' }]);
    });

    it('fails on a new divergence (exit 1)', async () => {
      expect((await run('[]\n')).code).toBe(1);
    });

    it('refuses an entry for a participant the run does not have, naming those it has (exit 2)', async () => {
      const { code, report } = await run('- {id: faux/cases/differ, participant: other, reason: known}\n- {id: faux/cases/same, participant: absent, reason: not in this run}\n');
      expect(code).toBe(2);
      expect(report.bad_input).toEqual([
        { file: expect.stringContaining('known.yaml'), path: '$[1].participant', message: '"absent" is not a participant of this run; its participants are "python", "other"' },
      ]);
    });

    it.each([
      ['a malformed file', '- {id: faux/cases/differ, participant: other}\n', '$[0].reason: reason is required and must be a non-empty string'],
      ['a missing file', undefined, 'cannot read the known divergences'],
    ])('refuses %s before any case runs (exit 2)', async (_, known, message) => {
      const file = known === undefined ? join(tempFiles({}), 'missing.yaml') : join(tempFiles({ 'known.yaml': known }), 'known.yaml');
      const cli = await runCli('conformance', '--fixtures', fixtures(), '--only', python, '--only', other, '--known-divergences', file, '--reporter', 'json');
      expect(cli).toMatchObject({ code: 2, stdout: '' });
      expect(cli.stderr).toContain(`${file}: ${message}`);
      expect(cli.stderr).toContain('no case was run');
    });
  });

  it('reports a malformed fixture as bad input and runs the other cases (exit 2 wins over 3 and 1)', async () => {
    const fixtures = tempFiles({
      'faux/cases.yaml': fixtureFile([fauxCase('crash', '{behaviour: crash}'), `  - id: faux/cases/bad\n    op: nothing\n`, fauxCase('fine', '{description: fine}')]),
      'faux/broken.yaml': 'cases: [\n',
    });
    const { code, report } = await conformance('--fixtures', fixtures, '--only', python);
    expect(code).toBe(2);
    expect(report.summary.outcome).toBe('bad input');
    expect(statuses(report, 'python')).toEqual({ crash: 'errored', fine: 'unchecked' });
    expect(report.bad_input.map((p) => [p.file.endsWith('broken.yaml') ? 'broken.yaml' : 'cases.yaml', p.case, p.path])).toEqual([
      ['broken.yaml', undefined, undefined],
      ['cases.yaml', 'faux/cases/bad', '$.cases[1].op'],
    ]);
  });

  it('with --validate-protocol, errors an answer that breaks the protocol schema', async () => {
    const fixtures = tempFiles({ 'faux/cases.yaml': fixtureFile([fauxCase('invalid', '{behaviour: invalid}')]) });
    const lax = await conformance('--fixtures', fixtures, '--only', python, '--allow-unchecked');
    const strict = await conformance('--fixtures', fixtures, '--only', python, '--validate-protocol', '--allow-unchecked');
    expect([lax.code, strict.code]).toEqual([0, 3]);
    expect(strict.report.cases[0]!.detail).toContain('response violates the protocol schema');
  });

  it('selects cases with --filter and refuses a filter that selects nothing', async () => {
    const fixtures = tempFiles({ 'faux/cases.yaml': fixtureFile([fauxCase('a', '{description: a}'), fauxCase('b', '{description: b}')]) });
    const picked = await conformance('--fixtures', fixtures, '--only', python, '--filter', 'faux/cases/b');
    expect(picked.report.cases.map((c) => c.id)).toEqual(['faux/cases/b']);
    const none = await conformance('--fixtures', fixtures, '--only', python, '--filter', 'faux/other');
    expect(none.code).toBe(2);
    expect(none.report.bad_input[0]!.message).toBe('--filter faux/other selects no case');
  });

  describe('verdicts that cannot lie', () => {
    const unanswered = () => tempFiles({ 'faux/cases.yaml': fixtureFile([fauxCase('a', '{description: a}'), fauxCase('b', '{description: b}', '{description: b}')]) });

    it('exits 2 on a --reference that names no participant (the typo pyhton), listing the names', async () => {
      const { code, report } = await conformance('--fixtures', unanswered(), '--only', python, '--participant', fauxCommand('--name', 'part'), '--reference', 'pyhton');
      expect(code).toBe(2);
      expect(report.bad_input).toEqual([{ file: 'command line', message: '--reference "pyhton" names no participant of this run; the participants are "python", "part"' }]);
      expect(report.summary.reference).toBeUndefined();
      expect(statuses(report, 'part')).toEqual({ a: 'unchecked', b: 'identical' });
    });

    it('exits 2 when no participant is the default reference python (--only ts --only the Python reference as a command)', async () => {
      const fixtures = tempFiles({ 'faux/cases.yaml': `cases:\n  - id: faux/cases/plain\n    op: normalize\n    input: {value: [1, 2]}\n` });
      const { code, report } = await conformance('--fixtures', fixtures, '--only', 'ts', '--only', 'python3 -m agentparity_ref.participant');
      expect(code).toBe(2);
      expect(report.bad_input[0]!.message).toBe('no participant is named "python", the default reference: say which one the others are compared with, with --reference NAME (the participants are "ts", "agentparity_ref")');
      expect(statuses(report, 'agentparity_ref')).toEqual({ plain: 'unchecked' });
      const named = await conformance('--fixtures', fixtures, '--only', 'ts', '--only', 'python3 -m agentparity_ref.participant', '--reference', 'agentparity_ref');
      expect([named.code, statuses(named.report, 'ts'), statuses(named.report, 'agentparity_ref')]).toEqual([0, { plain: 'identical' }, { plain: 'identical' }]);
    });

    it('marks a case nothing checked unchecked and exits 2 unless --allow-unchecked', async () => {
      const alone = await conformance('--fixtures', unanswered(), '--only', other);
      expect(alone.code).toBe(2);
      expect(alone.report.summary).toMatchObject({ reference: 'other', outcome: 'unchecked' });
      expect(statuses(alone.report, 'other')).toEqual({ a: 'unchecked', b: 'identical' });
      const allowed = await conformance('--fixtures', unanswered(), '--only', other, '--allow-unchecked');
      expect(allowed.code).toBe(0);
      expect(allowed.report.summary).toMatchObject({ allow_unchecked: true, outcome: 'parity' });
    });

    it('says in the summary when a participant skipped every case', async () => {
      const run = await runCli('conformance', '--fixtures', unanswered(), '--only', python, '--participant', fauxCommand('--name', 'none', '--ops', 'normalize'));
      expect(run.stdout).toContain('none skipped every case: it checked nothing');
      // So python's answer to the case without an expect was checked by nothing.
      expect(run.stdout).toMatch(/^faux\/cases\/a {2}\(.*cases\.yaml:\d+\)\n {2}python: unchecked: .*\n {2}none: skipped: /m);
      expect(run.code).toBe(2);
    });
  });

  it.each([
    [['--reporter', 'html'], 'unknown reporter "html"'],
    [['--timeout', 'soon'], '--timeout takes a whole number of milliseconds'],
    [['--reporter', 'json', '--reporter', 'junit'], 'only one reporter can write to stdout'],
    [['--bogus'], "Unknown option '--bogus'"],
  ])('exits 2 on a usage problem: %j', async (argv, message) => {
    const run = await runCli('conformance', ...argv);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });
});
