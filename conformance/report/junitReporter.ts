import { describeBadInput } from '../fixtures/fixtureCase.js';
import type { CaseReport, ConformanceReport } from './report.js';

// XML 1.0 cannot carry most control characters, even escaped.
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

const escape = (text: string): string =>
  text.replace(INVALID_XML, '\ufffd').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const attrs = (pairs: Record<string, string | number>): string =>
  Object.entries(pairs)
    .map(([key, value]) => ` ${key}="${escape(String(value))}"`)
    .join('');

const firstLine = (text: string): string => text.split('\n')[0] ?? '';

const testcase = (c: CaseReport, allowUnchecked: boolean): string => {
  const head = `    <testcase${attrs({ classname: c.id.split('/').slice(0, 2).join('.'), name: c.id })}`;
  switch (c.status) {
    case 'identical':
      return `${head}/>`;
    case 'equivalent':
      return `${head}>\n      <system-out>${escape(`equivalent: ${c.detail}`)}</system-out>\n    </testcase>`;
    case 'divergent':
      if (c.known !== undefined) return `${head}>\n      <system-out>${escape(`known divergence (${c.known.reason}${c.known.issue ? `, ${c.known.issue}` : ''}): ${c.detail}`)}</system-out>\n    </testcase>`;
      return `${head}>\n      <failure${attrs({ message: firstLine(c.detail), type: 'divergent' })}>${escape(c.detail)}</failure>\n    </testcase>`;
    case 'errored': {
      const body = [c.detail, c.context?.traceback, c.context?.stderr && `stderr:\n${c.context.stderr}`].filter(Boolean).join('\n\n');
      return `${head}>\n      <error${attrs({ message: firstLine(c.detail), type: 'errored' })}>${escape(body)}</error>\n    </testcase>`;
    }
    case 'skipped':
      return `${head}>\n      <skipped${attrs({ message: c.detail })}/>\n    </testcase>`;
    // Unchecked fails the run unless allowed, so it is an error then and a skip otherwise.
    case 'unchecked':
      if (allowUnchecked) return `${head}>\n      <skipped${attrs({ message: `unchecked: ${c.detail}` })}/>\n    </testcase>`;
      return `${head}>\n      <error${attrs({ message: c.detail, type: 'unchecked' })}/>\n    </testcase>`;
  }
};

const suite = (name: string, body: string[], counts: { tests: number; failures: number; errors: number; skipped: number }): string =>
  [`  <testsuite${attrs({ name, ...counts })}>`, ...body, '  </testsuite>'].join('\n');

/**
 * JUnit XML: one testsuite per participant with one testcase per case (failure = divergent,
 * error = errored, skipped = skipped, unchecked = error, or skipped under --allow-unchecked; a
 * known divergence passes and says so), plus a suite for
 * bad input and one for known-divergence entries that are stale or match nothing.
 */
export const junitReporter = (report: ConformanceReport): string => {
  const suites: string[] = [];
  const allowUnchecked = report.summary.allow_unchecked === true;
  for (const participant of report.participants) {
    const cases = report.cases.filter((c) => c.participant === participant.name);
    suites.push(
      suite(`conformance ${participant.name}`, cases.map((c) => testcase(c, allowUnchecked)), {
        tests: cases.length,
        failures: cases.filter((c) => c.status === 'divergent' && c.known === undefined).length,
        errors: cases.filter((c) => c.status === 'errored' || (c.status === 'unchecked' && !allowUnchecked)).length,
        skipped: cases.filter((c) => c.status === 'skipped' || (c.status === 'unchecked' && allowUnchecked)).length,
      }),
    );
  }
  if (report.bad_input.length > 0) {
    const body = report.bad_input.map((p) => `    <testcase${attrs({ classname: 'bad-input', name: p.case ?? p.file })}>\n      <error${attrs({ message: describeBadInput(p), type: 'bad input' })}/>\n    </testcase>`);
    suites.push(suite('bad input', body, { tests: body.length, failures: 0, errors: body.length, skipped: 0 }));
  }
  const baseline = report.known_divergences;
  if (baseline !== undefined && baseline.stale.length + baseline.unmatched.length > 0) {
    const body = [
      ...baseline.stale.map((s) => ({ name: `${s.participant} ${s.id}`, message: `listed as a known divergence but ${s.status} now: remove the entry` })),
      ...baseline.unmatched.map((u) => ({ name: `${u.participant} ${u.id}`, message: 'matches no case of this run' })),
    ].map((e) => `    <testcase${attrs({ classname: 'known-divergences', name: e.name })}>\n      <failure${attrs({ message: e.message, type: 'baseline' })}/>\n    </testcase>`);
    suites.push(suite(`known divergences ${baseline.file}`, body, { tests: body.length, failures: body.length, errors: 0, skipped: 0 }));
  }
  const total = report.cases.length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attrs({ name: 'agentparity conformance', tests: total })}>`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
};
