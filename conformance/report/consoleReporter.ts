import { describeBadInput } from '../fixtures/fixtureCase.js';
import type { CaseReport, ConformanceReport, Counts } from './report.js';
import { caseRows, statusLabel } from './rows.js';

export interface ConsoleOptions {
  /** ANSI colours for the statuses (a terminal that wants them). */
  readonly color?: boolean;
  /** How long a detail may be before it is cut. */
  readonly detailWidth?: number;
}

const COLORS: Record<CaseReport['status'], number> = { identical: 32, equivalent: 33, divergent: 31, errored: 35, skipped: 90, unchecked: 36 };

const cut = (text: string, width: number): string => (text.length > width ? `${text.slice(0, width - 3)}...` : text);

export const countsLine = (name: string, counts: Counts): string =>
  `${name}: ${counts.identical} identical, ${counts.equivalent} equivalent, ${counts.divergent} divergent${counts.known > 0 ? ` (${counts.known} known)` : ''}, ${counts.errored} errored, ${counts.skipped} skipped${counts.unchecked > 0 ? `, ${counts.unchecked} unchecked` : ''}`;

const uncheckedNote = (report: ConformanceReport): string[] => {
  const count = Object.values(report.summary.participants).reduce((n, c) => n + c.unchecked, 0);
  if (count === 0) return [];
  const why = report.summary.allow_unchecked === true ? 'allowed by --allow-unchecked' : 'give them an expect or a second participant that answers them, or pass --allow-unchecked';
  return [`${count} results unchecked (no expect, and no other participant answered): ${why}`];
};

/** A table with one row per case and one status column per participant, then what needs attention, then the summary. */
export const consoleReporter = (report: ConformanceReport, options: ConsoleOptions = {}): string => {
  const names = report.participants.map((p) => p.name);
  const rows = caseRows(report);
  const paint = (c: CaseReport | undefined, text: string): string =>
    options.color && c !== undefined ? `\u001b[${COLORS[c.status]}m${text}\u001b[0m` : text;
  const header = ['case', 'op', ...names];
  const cells = rows.map((row) => [row.id, row.op, ...names.map((n) => statusLabel(row.byParticipant.get(n)))]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i]!.length)));
  const pad = (text: string, i: number): string => text.padEnd(widths[i]!);
  const lines = [header.map(pad).join('  ').trimEnd()];
  rows.forEach((row, r) => {
    const statuses = names.map((n, i) => paint(row.byParticipant.get(n), pad(cells[r]![i + 2]!, i + 2)));
    const notable = names.map((n) => row.byParticipant.get(n)).find((c) => c !== undefined && c.status !== 'identical');
    const detail = notable === undefined || notable.detail === '' ? '' : `${notable.participant}: ${cut(notable.detail, options.detailWidth ?? 160)}`;
    lines.push([pad(row.id, 0), pad(row.op, 1), ...statuses, detail].join('  ').trimEnd());
  });
  const notes: string[] = [];
  if (report.bad_input.length > 0) notes.push('bad input:', ...report.bad_input.map((p) => `  ${describeBadInput(p)}`));
  for (const p of report.participants) {
    if (p.start_error !== undefined) notes.push(`${p.name} could not start: ${p.start_error.message}${p.start_error.stderr ? `\n  stderr: ${cut(p.start_error.stderr.trim(), 400)}` : ''}`);
  }
  const baseline = report.known_divergences;
  if (baseline !== undefined) {
    for (const s of baseline.stale) notes.push(`${baseline.file}: ${s.id} for ${s.participant} is listed as a known divergence but is ${s.status} now: remove the entry`);
    for (const u of baseline.unmatched) notes.push(`${baseline.file}: ${u.id} for ${u.participant} matches no case of this run: remove or fix the entry`);
  }
  const summary = [
    `${report.summary.cases} cases${report.summary.reference ? `, reference ${report.summary.reference}` : ', no reference participant'}`,
    ...names.map((n) => countsLine(n, report.summary.participants[n]!)),
    ...(report.summary.skipped_every_case ?? []).map((n) => `${n} skipped every case: it checked nothing`),
    ...uncheckedNote(report),
    `exit ${report.summary.exit_code}: ${report.summary.outcome}`,
  ];
  return [...lines, '', ...(notes.length > 0 ? [...notes, ''] : []), ...summary, ''].join('\n');
};
