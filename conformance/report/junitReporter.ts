import { describeBadInput } from '../fixtures/fixtureCase.js';
import { statusLabel } from './rows.js';
import type { CaseReport, ConformanceReport, ParticipantReport } from './report.js';

// XML 1.0 cannot carry most control characters, even escaped.
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

const escape = (text: string): string =>
  text.replace(INVALID_XML, '\ufffd').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const attrs = (pairs: Record<string, string | number | undefined>): string =>
  Object.entries(pairs)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ` ${key}="${escape(String(value))}"`)
    .join('');

const firstLine = (text: string): string => text.split('\n')[0] ?? '';

/** Seconds, as every JUnit reader takes `time`. */
const seconds = (ms: number | undefined): string => ((ms ?? 0) / 1000).toFixed(3);

/** What a case is to a JUnit reader: a pass (perhaps with a note), or a failure, error or skip. */
type Outcome =
  | { readonly status: 'passed'; readonly note?: string }
  | { readonly status: 'failure' | 'error'; readonly type: string; readonly message: string; readonly body: string }
  | { readonly status: 'skipped'; readonly message: string };

const outcomeOf = (c: CaseReport, allowUnchecked: boolean): Outcome => {
  switch (c.status) {
    case 'identical':
      return { status: 'passed' };
    case 'equivalent':
      return { status: 'passed', note: `${statusLabel(c)}: ${c.detail}` };
    case 'divergent':
      if (c.known !== undefined) return { status: 'passed', note: `known divergence (${c.known.reason}${c.known.issue ? `, ${c.known.issue}` : ''}): ${c.detail}` };
      return { status: 'failure', type: 'divergent', message: firstLine(c.detail), body: c.detail };
    case 'errored': {
      const body = [c.detail, c.context?.traceback, c.context?.stderr && `stderr:\n${c.context.stderr}`].filter(Boolean).join('\n\n');
      return { status: 'error', type: 'errored', message: firstLine(c.detail), body };
    }
    case 'skipped':
      return { status: 'skipped', message: c.detail };
    // The run was interrupted before this case was answered: nothing is known of it.
    case 'not_run':
      return { status: 'skipped', message: c.detail };
    // Unchecked fails the run unless allowed, so it is an error then and a skip otherwise.
    case 'unchecked':
      return allowUnchecked ? { status: 'skipped', message: `unchecked: ${c.detail}` } : { status: 'error', type: 'unchecked', message: firstLine(c.detail), body: c.detail };
  }
};

interface TestCase {
  readonly classname: string;
  readonly name: string;
  readonly ms?: number;
  readonly file?: string;
  readonly line?: number;
  readonly outcome: Outcome;
}

const testcase = (t: TestCase): string => {
  const head = `    <testcase${attrs({ classname: t.classname, name: t.name, time: seconds(t.ms), file: t.file, line: t.line })}`;
  const o = t.outcome;
  if (o.status === 'passed') return o.note === undefined ? `${head}/>` : `${head}>\n      <system-out>${escape(o.note)}</system-out>\n    </testcase>`;
  if (o.status === 'skipped') return `${head}>\n      <skipped${attrs({ message: o.message })}/>\n    </testcase>`;
  return `${head}>\n      <${o.status}${attrs({ message: o.message, type: o.type })}>${escape(o.body)}</${o.status}>\n    </testcase>`;
};

interface Totals {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
  ms: number;
}

const totalsOf = (cases: readonly TestCase[]): Totals => ({
  tests: cases.length,
  failures: cases.filter((t) => t.outcome.status === 'failure').length,
  errors: cases.filter((t) => t.outcome.status === 'error').length,
  skipped: cases.filter((t) => t.outcome.status === 'skipped').length,
  ms: cases.reduce((sum, t) => sum + (t.ms ?? 0), 0),
});

interface Suite {
  readonly name: string;
  readonly cases: readonly TestCase[];
  readonly properties?: readonly (readonly [string, string])[];
}

// `ts.callables.chat`: the participant first, so that each (classname, name) pair is one result.
const classname = (c: CaseReport): string => [c.participant, ...c.id.split('/').slice(0, 2)].join('.');

const properties = (p: ParticipantReport): [string, string][] => {
  const info = p.implementation;
  if (info === undefined) return p.start_error === undefined ? [] : [['start_error', p.start_error.message]];
  return [
    ['implementation', `${info.name} ${info.version}`],
    ['language', `${info.language}${info.language_version === undefined ? '' : ` ${info.language_version}`}`],
    ...Object.entries(info.libraries ?? {}).map(([name, version]): [string, string] => [`library.${name}`, version]),
  ];
};

/**
 * JUnit XML as Jenkins, GitLab and GitHub's JUnit readers take it: one testsuite per participant
 * with one testcase per case (failure = divergent, error = errored, skipped = skipped; a known
 * divergence passes and says so; unchecked = error, or skipped under --allow-unchecked), plus a suite for bad input and one for known-divergence entries
 * that are stale or match nothing. Every testcase, suite and the root carry `time` (seconds);
 * suites their `timestamp` and `hostname`; testcases the fixture `file` and `line`.
 */
export const junitReporter = (report: ConformanceReport): string => {
  const allowUnchecked = report.summary.allow_unchecked === true;
  const suites: Suite[] = report.participants.map((participant) => ({
    name: `conformance ${participant.name}`,
    properties: properties(participant),
    cases: report.cases
      .filter((c) => c.participant === participant.name)
      .map((c) => ({ classname: classname(c), name: c.id, ms: c.duration_ms, file: c.file, line: c.line, outcome: outcomeOf(c, allowUnchecked) })),
  }));
  if (report.bad_input.length > 0) {
    suites.push({
      name: 'bad input',
      cases: report.bad_input.map((p, i) => ({ classname: 'bad-input', name: p.case ?? `${p.file} #${i + 1}`, file: p.file, outcome: { status: 'error', type: 'bad input', message: describeBadInput(p), body: describeBadInput(p) } })),
    });
  }
  const baseline = report.known_divergences;
  if (baseline !== undefined && baseline.stale.length + baseline.unmatched.length > 0) {
    const entry = (id: string, participant: string, message: string): TestCase => ({
      classname: `known-divergences.${participant}`,
      name: id,
      file: baseline.file,
      outcome: { status: 'failure', type: 'baseline', message, body: message },
    });
    suites.push({
      name: `known divergences ${baseline.file}`,
      cases: [
        ...baseline.stale.map((s) => entry(s.id, s.participant, `listed as a known divergence but ${s.status} now: remove the entry`)),
        ...baseline.unmatched.map((u) => entry(u.id, u.participant, 'matches no case of this run: remove or fix the entry')),
      ],
    });
  }
  const timestamp = (report.started_at ?? new Date().toISOString()).replace(/\.\d+Z$|Z$/, '');
  const hostname = report.hostname ?? 'localhost';
  const all = totalsOf(suites.flatMap((s) => s.cases));
  const body = suites.flatMap((s, id) => {
    const t = totalsOf(s.cases);
    const props = s.properties && s.properties.length > 0 ? ['    <properties>', ...s.properties.map(([name, value]) => `      <property${attrs({ name, value })}/>`), '    </properties>'] : [];
    return [
      `  <testsuite${attrs({ name: s.name, tests: t.tests, failures: t.failures, errors: t.errors, skipped: t.skipped, time: seconds(t.ms), timestamp, hostname, id })}>`,
      ...props,
      ...s.cases.map(testcase),
      '  </testsuite>',
    ];
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attrs({ name: 'agentparity conformance', tests: all.tests, failures: all.failures, errors: all.errors, skipped: all.skipped, time: seconds(report.duration_ms ?? all.ms), timestamp })}>`,
    ...body,
    '</testsuites>',
    '',
  ].join('\n');
};
