import { describe, expect, it } from 'vitest';
import { junitReporter } from '../../../conformance/report/junitReporter.js';
import type { ConformanceReport } from '../../../conformance/report/report.js';
import { sampleReport } from '../../helpers/sampleReport.js';
import { elementsNamed, parseXml, type XmlElement } from '../../helpers/xmlTree.js';

/*
 * The attributes the JUnit readers of CI systems use, which every report must carry:
 * - Jenkins (junit plugin): testsuites name, time; testsuite name, tests, failures, errors,
 *   skipped, time, timestamp, hostname, id; testcase classname, name, time; failure and error
 *   message, type and text; skipped message; system-out.
 * - GitLab (unit test reports): testcase classname, name, file, time; failure, error and skipped
 *   with their text; system-out.
 * - GitHub (dorny/test-reporter, mikepenz/action-junit-report): testsuites tests, failures,
 *   errors, skipped, time; testsuite name, tests, failures, errors, skipped, time; testcase
 *   classname, name, time, file, line; failure message.
 */
const ROOT = ['name', 'tests', 'failures', 'errors', 'skipped', 'time'];
const SUITE = ['name', 'tests', 'failures', 'errors', 'skipped', 'time', 'timestamp', 'hostname', 'id'];
const CASE = ['classname', 'name', 'time'];
const PARTICIPANT_CASE = [...CASE, 'file', 'line'];
const PROBLEM = ['message', 'type'];

// The sample, as a run writes it: each case with its file, line and time, the run with its start.
const located = (): ConformanceReport => {
  const report = sampleReport();
  return {
    ...report,
    started_at: '2026-12-01T21:54:36.123Z',
    duration_ms: 4321,
    hostname: 'ci-runner-7',
    cases: report.cases.map((c, i) => ({ ...c, file: 'fixtures/schema/a.yaml', line: 3 + 5 * Math.floor(i / 2), duration_ms: 1.5 * (i + 1) })),
  };
};

const attribute = (element: XmlElement, name: string): string => {
  const value = element.attributes[name];
  expect(value, `${element.name} ${JSON.stringify(element.attributes)} has no ${name}`).toBeDefined();
  return value!;
};

const number = (element: XmlElement, name: string): number => Number(attribute(element, name));

describe('report/junitReporter', () => {
  const root = parseXml(junitReporter(located()));
  const suites = elementsNamed(root, 'testsuite');
  const cases = elementsNamed(root, 'testcase');

  it('is well-formed XML with a testsuites root', () => {
    expect(root.name).toBe('testsuites');
    expect(suites.map((s) => s.attributes['name'])).toEqual(['conformance ts', 'conformance python', 'bad input', 'known divergences known.yaml']);
  });

  it('carries every attribute the Jenkins, GitLab and GitHub readers use', () => {
    for (const name of ROOT) attribute(root, name);
    for (const suite of suites) for (const name of SUITE) attribute(suite, name);
    for (const testcase of cases) for (const name of CASE) attribute(testcase, name);
    for (const testcase of cases.filter((c) => c.attributes['classname']!.startsWith('ts.') || c.attributes['classname']!.startsWith('python.'))) {
      for (const name of PARTICIPANT_CASE) attribute(testcase, name);
    }
    for (const problem of [...elementsNamed(root, 'failure'), ...elementsNamed(root, 'error')]) for (const name of PROBLEM) attribute(problem, name);
    for (const skipped of elementsNamed(root, 'skipped')) attribute(skipped, 'message');
  });

  it('writes time in seconds everywhere: the sum of its cases on a suite, the run on the root', () => {
    for (const element of [root, ...suites, ...cases]) expect(attribute(element, 'time')).toMatch(/^\d+\.\d{3}$/);
    const ts = suites[0]!;
    const tsCases = elementsNamed(ts, 'testcase');
    expect(tsCases.map((c) => number(c, 'time'))).toEqual([0.0015, 0.0045, 0.0075, 0.0105, 0.0135, 0.0165].map((s) => Number(s.toFixed(3))));
    expect(number(ts, 'time')).toBeCloseTo(tsCases.reduce((sum, c) => sum + number(c, 'time'), 0), 2);
    expect(number(root, 'time')).toBe(4.321);
  });

  it('stamps each suite with the start of the run (ISO 8601, no zone, as Jenkins reads it) and the host', () => {
    for (const suite of suites) {
      expect(suite.attributes['timestamp']).toBe('2026-12-01T21:54:36');
      expect(suite.attributes['hostname']).toBe('ci-runner-7');
    }
    expect(suites.map((s) => s.attributes['id'])).toEqual(['0', '1', '2', '3']);
  });

  it('totals tests, failures, errors and skipped on every suite and on the root, as the elements say', () => {
    const count = (scope: XmlElement, name: string): number => elementsNamed(scope, name).length;
    for (const scope of [root, ...suites]) {
      expect(number(scope, 'tests')).toBe(count(scope, 'testcase'));
      expect(number(scope, 'failures')).toBe(count(scope, 'failure'));
      expect(number(scope, 'errors')).toBe(count(scope, 'error'));
      expect(number(scope, 'skipped')).toBe(count(scope, 'skipped'));
    }
    expect([number(root, 'tests'), number(root, 'failures'), number(root, 'errors'), number(root, 'skipped')]).toEqual([15, 3, 3, 1]);
  });

  it('names the participant in the classname, so that every (classname, name) pair is one result', () => {
    const pairs = cases.map((c) => `${c.attributes['classname']} ${c.attributes['name']}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    const pipe = cases.filter((c) => c.attributes['name'] === 'schema/a/pipe').map((c) => c.attributes['classname']);
    expect(pipe).toEqual(['ts.schema.a', 'python.schema.a']);
  });

  it('points each case at its fixture file and line', () => {
    const crash = cases.find((c) => c.attributes['classname'] === 'python.schema.a' && c.attributes['name'] === 'schema/a/crash')!;
    expect(crash.attributes).toMatchObject({ file: 'fixtures/schema/a.yaml', line: '23' });
  });

  it('fails a divergence with its detail, errors a crash with its traceback and stderr and an unchecked case, skips a skip', () => {
    const byName = (participant: string, id: string): XmlElement => cases.find((c) => c.attributes['classname']!.startsWith(`${participant}.`) && c.attributes['name'] === id)!;
    const failure = byName('ts', 'schema/a/pipe').children[0]!;
    expect(failure).toMatchObject({ name: 'failure', attributes: { message: 'vs python: `/a|b` is "<x>" & more', type: 'divergent' }, text: 'vs python: `/a|b` is "<x>" & more\nsecond line' });
    const error = byName('python', 'schema/a/crash').children[0]!;
    expect(error.name).toBe('error');
    expect(error.text).toContain('Traceback');
    expect(error.text).toContain('stderr:\nboom\ufffd');
    expect(byName('ts', 'schema/a/skip').children[0]).toMatchObject({ name: 'skipped', attributes: { message: 'op derive_schema is not supported by agentparity' } });
    expect(byName('ts', 'schema/a/known').children[0]).toMatchObject({ name: 'system-out', text: 'known divergence (upstream bug, #7): vs python: differs' });
    expect(byName('ts', 'schema/a/same').children).toEqual([]);
    expect(byName('python', 'schema/a/skip').children[0]).toMatchObject({ name: 'error', attributes: { type: 'unchecked' } });
  });

  it('names each participant\'s implementation in its suite\'s properties', () => {
    const props = elementsNamed(suites[0]!, 'property').map((p) => [p.attributes['name'], p.attributes['value']]);
    expect(props).toEqual([['implementation', 'agentparity 0.1.0'], ['language', 'typescript']]);
  });

  it('reports bad input as errors and stale known divergences as failures, each with its file', () => {
    const [bad] = elementsNamed(suites[2]!, 'testcase');
    expect(bad!.attributes).toMatchObject({ classname: 'bad-input', name: 'schema/b/x', file: 'fixtures/schema/b.yaml' });
    const stale = elementsNamed(suites[3]!, 'testcase').map((c) => [c.attributes['classname'], c.attributes['name'], c.attributes['file']]);
    expect(stale).toEqual([['known-divergences.ts', 'schema/a/same', 'known.yaml'], ['known-divergences.ts', 'schema/a/gone', 'known.yaml']]);
  });

  it('still writes times and a timestamp for a report saved before they existed', () => {
    const old = parseXml(junitReporter(sampleReport()));
    expect(old.attributes['time']).toBe('0.000');
    for (const suite of elementsNamed(old, 'testsuite')) expect(suite.attributes['timestamp']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
  });
});

describe('helpers/xmlTree (the strict parser the JUnit test reads with)', () => {
  it.each([
    ['<a><b></a>', '</a> closes <b>'],
    ['<a x="1" x="2"/>', 'attribute x twice'],
    ['<a>1 < 2</a>', 'expected a name'],
    ['<a x="<"/>', 'raw <'],
    ['<a>fish & chips</a>', 'raw &'],
    ['<a x=1/>', 'not quoted'],
    ['<a/><b/>', 'content after the root'],
    ['<a>\u0001</a>', 'does not allow'],
    ['<a>&nbsp;</a>', 'unknown entity'],
  ])('refuses %j', (xml, message) => {
    expect(() => parseXml(xml)).toThrow(message);
  });
});
