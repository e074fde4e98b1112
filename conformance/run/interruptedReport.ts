import type { FixtureCase } from '../fixtures/fixtureCase.js';
import { summarize, type CaseReport, type ConformanceReport, type InterruptedReport } from '../report/report.js';

/** A case an interruption kept a participant from answering. */
export const notRunCase = (testCase: FixtureCase, participant: string, message: string): CaseReport => ({
  id: testCase.id,
  op: testCase.op,
  participant,
  status: 'not_run',
  detail: `not run: ${message}`,
  file: testCase.file,
  ...(testCase.line === undefined ? {} : { line: testCase.line }),
});

/**
 * The partial report of an interrupted run: what was answered, every other case of the run as
 * `not_run` for every participant (a batch `--bail` never started included), in case order, and
 * the summary worked out again (an interrupted run exits 3 unless bad input makes it 2).
 */
export const interruptedReport = (report: ConformanceReport, cases: readonly FixtureCase[], interrupted: InterruptedReport): ConformanceReport => {
  const { summary, ...body } = report;
  const answered = new Map(report.cases.map((c) => [`${c.participant}\u0000${c.id}`, c]));
  const names = report.participants.map((p) => p.name);
  const all = cases.flatMap((testCase) => names.map((name) => answered.get(`${name}\u0000${testCase.id}`) ?? notRunCase(testCase, name, interrupted.message)));
  return summarize({ ...body, cases: all, interrupted }, summary.reference, { allowUnchecked: summary.allow_unchecked === true });
};
