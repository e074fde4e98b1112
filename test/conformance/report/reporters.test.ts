import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { consoleReporter } from '../../../conformance/report/consoleReporter.js';
import { jsonReporter } from '../../../conformance/report/jsonReporter.js';
import { junitReporter } from '../../../conformance/report/junitReporter.js';
import { markdownReporter } from '../../../conformance/report/markdownReporter.js';
import { exitCodeOf, summarize } from '../../../conformance/report/report.js';
import { sampleReport } from '../../helpers/sampleReport.js';

const reportSchema = JSON.parse(readFileSync(new URL('../../../conformance/report.schema.json', import.meta.url), 'utf8')) as object;

describe('report/report', () => {
  it('counts every status per participant and the known divergences apart', () => {
    const { summary } = sampleReport();
    expect(summary.cases).toBe(6);
    expect(summary.participants['ts']).toEqual({ identical: 2, equivalent: 1, divergent: 2, errored: 0, skipped: 1, unchecked: 0, known: 1 });
    expect(summary.participants['python']).toEqual({ identical: 4, equivalent: 0, divergent: 0, errored: 1, skipped: 0, unchecked: 1, known: 0 });
  });

  it('puts bad input before a participant failure before an unchecked case before a divergence', () => {
    const report = sampleReport();
    expect(exitCodeOf(report)).toEqual({ code: 2, outcome: 'bad input' });
    expect(exitCodeOf({ ...report, bad_input: [] })).toEqual({ code: 3, outcome: 'participant failed' });
    const noErrors = { ...report, bad_input: [], cases: report.cases.filter((c) => c.status !== 'errored') };
    expect(exitCodeOf(noErrors)).toEqual({ code: 2, outcome: 'unchecked' });
    expect(exitCodeOf(noErrors, { allowUnchecked: true })).toEqual({ code: 1, outcome: 'divergence' });
    const onlyKnown = { ...noErrors, cases: noErrors.cases.filter((c) => c.id !== 'schema/a/pipe' && c.status !== 'unchecked') };
    expect(exitCodeOf(onlyKnown)).toEqual({ code: 1, outcome: 'divergence' });
    expect(exitCodeOf({ ...onlyKnown, known_divergences: { file: 'k', stale: [], unmatched: [] } })).toEqual({ code: 0, outcome: 'parity' });
  });

  it('says which participants skipped every case, and records --allow-unchecked', () => {
    const cases = ['a', 'b'].flatMap((slug) => [
      { id: `schema/x/${slug}`, op: 'derive_schema', participant: 'ts', status: 'unchecked' as const, detail: 'not checked' },
      { id: `schema/x/${slug}`, op: 'derive_schema', participant: 'mine', status: 'skipped' as const, detail: 'not supported' },
    ]);
    const report = summarize({ participants: [{ name: 'ts' }, { name: 'mine' }], cases, bad_input: [] }, 'ts', { allowUnchecked: true });
    expect(report.summary).toMatchObject({ skipped_every_case: ['mine'], allow_unchecked: true, exit_code: 0, outcome: 'parity' });
    expect(consoleReporter(report)).toContain('mine skipped every case: it checked nothing\n2 results unchecked (no expect, and no other participant answered): allowed by --allow-unchecked\n');
    expect(markdownReporter(report)).toContain('- mine skipped every case: it checked nothing');
    expect(junitReporter(report)).toContain('<skipped message="unchecked: not checked"/>');
    expect(summarize({ participants: [{ name: 'ts' }, { name: 'mine' }], cases, bad_input: [] }, 'ts').summary).toMatchObject({ exit_code: 2, outcome: 'unchecked' });
  });

  it('exits 3 for a participant that could not start even when it has no cases', () => {
    const report = summarize({ participants: [{ name: 'x', start_error: { message: 'no' } }], cases: [], bad_input: [] }, undefined);
    expect(report.summary).toMatchObject({ exit_code: 3, cases: 0 });
  });
});

describe('report/jsonReporter', () => {
  it('writes a report valid under conformance/report.schema.json', () => {
    const validate = new Ajv2020({ strict: true, allowUnionTypes: true }).compile(reportSchema);
    const parsed: unknown = JSON.parse(jsonReporter(sampleReport()));
    expect(validate(parsed), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...(parsed as object), extra: 1 })).toBe(false);
  });
});

describe('report/consoleReporter', () => {
  const text = consoleReporter(sampleReport());
  const lines = text.split('\n');

  it('prints one line per area by default, with what each participant made of it', () => {
    expect(lines[0]).toBe('schema: 6 cases; ts 2 identical, 1 equivalent, 1 divergent, 1 known divergent, 1 skipped; python 4 identical, 1 errored, 1 unchecked');
    expect(text).not.toMatch(/^schema\/a\/same/m);
  });

  it('prints each problem case in full, worst first, with every participant and its whole detail and context', () => {
    const start = lines.indexOf('3 cases need a look:');
    expect(start).toBeGreaterThan(0);
    expect(lines.slice(start + 2, start + 5)).toEqual(['schema/a/pipe', '  ts: divergent: vs python: `/a|b` is "<x>" & more', '    second line']);
    expect(text).toContain('schema/a/crash\n  ts: identical\n  python: errored: the participant exited with code 3 while running this case\n    traceback:\n      Traceback\n    stderr:\n      boom\u0001');
    expect(text).toContain('schema/a/skip\n  ts: skipped: op derive_schema is not supported by agentparity\n  python: unchecked: not checked');
    expect(text.indexOf('schema/a/pipe\n')).toBeLessThan(text.indexOf('schema/a/crash\n'));
    expect(text.indexOf('schema/a/crash\n')).toBeLessThan(text.indexOf('schema/a/skip\n'));
    expect(text).not.toContain('schema/a/known\n');
  });

  it('prints every case as a row under --verbose, with every differing participant\'s detail uncut', () => {
    const verbose = consoleReporter(sampleReport(), { verbose: true }).split('\n');
    expect(verbose[0]).toMatch(/^case\s+op\s+ts\s+python$/);
    expect(verbose.find((l) => l.startsWith('schema/a/float'))).toMatch(/equivalent\s+identical\s+ts: vs python: `\/n` is 1\.0 in python and 1 in ts$/);
    expect(verbose.find((l) => l.startsWith('schema/a/known'))).toContain('divergent (known)');
    expect(verbose.find((l) => l.startsWith('schema/a/skip'))).toMatch(/ts: op derive_schema is not supported by agentparity \| python: not checked/);
    const long = 'x'.repeat(500);
    const wide = { ...sampleReport(), cases: sampleReport().cases.map((c) => (c.status === 'divergent' ? { ...c, detail: long } : c)) };
    expect(consoleReporter(wide, { verbose: true })).toContain(long);
  });

  it('lists bad input and stale entries, and ends with the summary', () => {
    expect(text).toContain('bad input:\n  fixtures/schema/b.yaml: schema/b/x: $.cases[0].op: op must be one of derive_schema');
    expect(text).toContain('known.yaml: schema/a/same for ts is listed as a known divergence but is identical now: remove the entry');
    expect(text).toContain('known.yaml: schema/a/gone for ts matches no case of this run');
    expect(text.trimEnd().split('\n').slice(-5)).toEqual([
      '6 cases, reference python',
      'ts: 2 identical, 1 equivalent, 2 divergent (1 known), 0 errored, 1 skipped',
      'python: 4 identical, 0 equivalent, 0 divergent, 1 errored, 0 skipped, 1 unchecked',
      '1 results unchecked (no expect, and no other participant answered): give them an expect or a second participant that answers them, or pass --allow-unchecked',
      'exit 2: bad input',
    ]);
  });

  it('colours statuses only when asked', () => {
    expect(text).not.toContain('\u001b[');
    expect(consoleReporter(sampleReport(), { color: true })).toContain('\u001b[31mdivergent');
  });
});

describe('report/markdownReporter', () => {
  const md = markdownReporter(sampleReport());

  it('has a heading with the outcome and a count table per participant', () => {
    expect(md.startsWith('## agentparity conformance: bad input (exit 2)\n')).toBe(true);
    expect(md).toContain('| ts | 2 | 1 | 2 | 1 | 0 | 1 | 0 |');
    expect(md).toContain('| python | 4 | 0 | 0 | 0 | 1 | 0 | 1 |');
  });

  it('lists the problems first, divergent then errored then unchecked, escaping pipes and line breaks', () => {
    const rows = md.split('\n').filter((l) => l.startsWith('| `'));
    expect(rows).toEqual([
      '| `schema/a/pipe` | ts | ❌ divergent | vs python: `/a\\|b` is "<x>" & more second line |',
      '| `schema/a/crash` | python | 💥 errored | the participant exited with code 3 while running this case |',
      '| `schema/a/skip` | python | ❔ unchecked | not checked: the case has no expect and no other participant answered it |',
    ]);
    expect(md.indexOf('### Problems')).toBeLessThan(md.indexOf('| participant |'));
  });

  it('then the problems of the run: stale and unmatched known divergences, bad input', () => {
    expect(md).toContain('- known.yaml: schema/a/same for ts is listed as a known divergence but is identical now: remove the entry\n- known.yaml: schema/a/gone for ts matches no case of this run: remove or fix the entry\n- bad input: fixtures/schema/b.yaml: schema/b/x: $.cases[0].op: op must be one of derive_schema');
  });

  it('folds what passed other than identically, one line per reason with its cases under <details>', () => {
    expect(md).toContain('<details><summary>🟡 equivalent · ts · 1 case: is N in python and N in ts</summary>\n<code>schema/a/float</code>\n</details>');
    expect(md).toContain('<details><summary>☑️ known divergence · ts · 1 case: upstream bug</summary>\n<code>schema/a/known</code>\n</details>');
    expect(md).toContain('<details><summary>⏭️ skipped · ts · 1 case: op derive_schema is not supported by agentparity</summary>');
    expect(md).not.toContain('<code>schema/a/same</code>');
  });
});
