import { describeBadInput } from '../fixtures/fixtureCase.js';
import type { CaseReport, ConformanceReport, ReportStatus } from './report.js';

/**
 * The order problems are shown in, worst first. A status not listed is not a problem; any other
 * new status shows among the folded rows until it is placed here.
 */
const PROBLEM_ORDER: readonly ReportStatus[] = ['divergent', 'errored', 'unchecked'];

/** Whether a case needs a person: a new divergence, an error, or an unchecked result that was not allowed. */
export const isProblem = (report: ConformanceReport, c: CaseReport): boolean => {
  if (c.status === 'divergent') return c.known === undefined;
  if (c.status === 'unchecked') return report.summary.allow_unchecked !== true;
  return PROBLEM_ORDER.includes(c.status);
};

/** The problem cases, worst status first, then in report order. */
export const problemCases = (report: ConformanceReport): CaseReport[] =>
  report.cases
    .filter((c) => isProblem(report, c))
    .map((c, index) => ({ c, index }))
    .sort((a, b) => PROBLEM_ORDER.indexOf(a.c.status) - PROBLEM_ORDER.indexOf(b.c.status) || a.index - b.index)
    .map(({ c }) => c);

/** The lines about the run that are not cases: stale known divergences first, then the rest. */
export const runProblems = (report: ConformanceReport): string[] => [
  ...(report.known_divergences?.stale ?? []).map((s) => `${report.known_divergences!.file}: ${s.id} for ${s.participant} is listed as a known divergence but is ${s.status} now: remove the entry`),
  ...(report.known_divergences?.unmatched ?? []).map((u) => `${report.known_divergences!.file}: ${u.id} for ${u.participant} matches no case of this run: remove or fix the entry`),
  ...report.bad_input.map((p) => `bad input: ${describeBadInput(p)}`),
  ...report.participants.filter((p) => p.start_error).map((p) => `${p.name} could not start: ${p.start_error!.message}`),
  ...report.participants.flatMap((p) => (p.restarts ?? []).map((restart) => `${p.name} was restarted: ${restart.reason}`)),
  ...(report.summary.skipped_every_case ?? []).map((n) => `${n} skipped every case: it checked nothing`),
  ...(report.interrupted === undefined ? [] : [interruptedLine(report)]),
];

/** What an interrupted run says of itself: why it ended, and how many cases it did not run. */
export const interruptedLine = (report: ConformanceReport): string => {
  const notRun = new Set(report.cases.filter((c) => c.status === 'not_run').map((c) => c.id)).size;
  return `interrupted: ${report.interrupted?.message ?? ''}; ${notRun} of ${report.summary.cases} cases not run (or not answered by every participant)`;
};

/** A fold of cases that are not problems and not identical: one status, one participant, one reason. */
export interface Fold {
  readonly label: string;
  readonly participant: string;
  readonly reason: string;
  readonly cases: readonly CaseReport[];
}

const EXPLANATION = /\(([^()]{12,})\)/g;

/**
 * Why a case is equivalent, skipped or known, without what is particular to it (paths, values,
 * quoted texts), so that cases of one cause fold together: the known-divergence reason, the
 * comparator's explanations in parentheses, or the detail with its particulars masked.
 */
export const foldReason = (c: CaseReport): string => {
  if (c.known !== undefined) return c.known.reason;
  // An equivalence is explained by its rules.
  if (c.rules !== undefined && c.rules.length > 0) return `rules ${c.rules.join(', ')}`;
  const explained = [...new Set([...c.detail.matchAll(EXPLANATION)].map((m) => m[1]!))];
  if (explained.length > 0) return explained.join('; ');
  const masked = c.detail
    .replace(/^vs [^:]+: /, '')
    .replace(/`[^`]*`(: )?/g, '')
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/\$\w+/g, '$…')
    .replace(/(^|\s)\/\S*/g, '$1…')
    .replace(/\d+(\.\d+)?/g, 'N')
    .trim();
  const head = masked.split(/: /)[0]!;
  return head.length > 120 ? `${head.slice(0, 119)}…` : head || c.status;
};

export const foldLabel = (c: CaseReport): string => (c.known !== undefined ? 'known divergence' : c.status);

/** The cases that are neither identical nor problems, folded by status, participant and reason, largest fold first. */
export const folds = (report: ConformanceReport): Fold[] => {
  const byKey = new Map<string, { label: string; participant: string; reason: string; cases: CaseReport[] }>();
  for (const c of report.cases) {
    if (c.status === 'identical' || isProblem(report, c)) continue;
    const label = foldLabel(c);
    const reason = foldReason(c);
    const key = `${label}\u0000${c.participant}\u0000${reason}`;
    const fold = byKey.get(key) ?? { label, participant: c.participant, reason, cases: [] };
    fold.cases.push(c);
    byKey.set(key, fold);
  }
  return [...byKey.values()].sort((a, b) => b.cases.length - a.cases.length);
};

/** `file:line` of a case, or its file, or nothing when the report does not say. */
export const whereOf = (c: CaseReport): string | undefined => (c.file === undefined ? undefined : c.line === undefined ? c.file : `${c.file}:${c.line}`);

/** The area of a case: the first segment of its id. */
export const areaOf = (id: string): string => id.split('/')[0]!;
