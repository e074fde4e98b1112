import { describeBadInput } from '../fixtures/fixtureCase.js';
import { areaOf, interruptedLine, problemCases, whereOf } from './problems.js';
import type { CaseReport, ConformanceReport, Counts } from './report.js';
import { caseRows, statusLabel } from './rows.js';

export interface ConsoleOptions {
  /** ANSI colours for the statuses (a terminal that wants them). */
  readonly color?: boolean;
  /** Every case as a row of a table, not only a line per area. */
  readonly verbose?: boolean;
}

const COLORS: Record<string, number> = { identical: 32, equivalent: 33, divergent: 31, errored: 35, skipped: 90, unchecked: 36, not_run: 90 };

const STATUSES = ['identical', 'equivalent', 'divergent', 'errored', 'skipped', 'unchecked'] as const;

export const countsLine = (name: string, counts: Counts): string =>
  `${name}: ${counts.identical} identical, ${counts.equivalent} equivalent, ${counts.divergent} divergent${counts.known > 0 ? ` (${counts.known} known)` : ''}, ${counts.errored} errored, ${counts.skipped} skipped${counts.unchecked > 0 ? `, ${counts.unchecked} unchecked` : ''}${(counts.not_run ?? 0) > 0 ? `, ${counts.not_run} not run` : ''}`;

const uncheckedNote = (report: ConformanceReport): string[] => {
  const count = Object.values(report.summary.participants).reduce((n, c) => n + c.unchecked, 0);
  if (count === 0) return [];
  const why = report.summary.allow_unchecked === true ? 'allowed by --allow-unchecked' : 'give them an expect or a second participant that answers them, or pass --allow-unchecked';
  return [`${count} results unchecked (no expect, and no other participant answered): ${why}`];
};

const indent = (text: string, by = '    '): string => text.replace(/\n/g, `\n${by}`);

/** `schema: 120 cases; ts 110 identical, 10 equivalent; python 120 identical`: what each participant made of one area. */
const areaLines = (report: ConformanceReport, names: readonly string[]): string[] => {
  const areas = new Map<string, { ids: Set<string>; byParticipant: Map<string, Map<string, number>> }>();
  for (const c of report.cases) {
    const area = areas.get(areaOf(c.id)) ?? { ids: new Set<string>(), byParticipant: new Map<string, Map<string, number>>() };
    area.ids.add(c.id);
    const tally = area.byParticipant.get(c.participant) ?? new Map<string, number>();
    const label = c.known !== undefined ? 'known divergent' : c.status;
    tally.set(label, (tally.get(label) ?? 0) + 1);
    area.byParticipant.set(c.participant, tally);
    areas.set(areaOf(c.id), area);
  }
  const order = [...STATUSES.slice(0, 3), 'known divergent', ...STATUSES.slice(3)];
  return [...areas].map(([name, area]) => {
    const parts = names
      .filter((n) => area.byParticipant.has(n))
      .map((n) => {
        const tally = area.byParticipant.get(n)!;
        const labels = [...order.filter((s) => tally.has(s)), ...[...tally.keys()].filter((s) => !order.includes(s))];
        return `${n} ${labels.map((s) => `${tally.get(s)} ${s}`).join(', ')}`;
      });
    return `${name}: ${area.ids.size} ${area.ids.size === 1 ? 'case' : 'cases'}; ${parts.join('; ')}`;
  });
};

/** A problem case in full: where it is, then every participant that did not answer it identically, each with its whole detail and context. */
const problemBlock = (report: ConformanceReport, id: string, paint: (status: string, text: string) => string): string[] => {
  const entries = report.cases.filter((c) => c.id === id);
  const where = entries.map(whereOf).find((w) => w !== undefined);
  const lines = [`${id}${where === undefined ? '' : `  (${where})`}`];
  for (const c of entries) {
    const label = paint(c.status, statusLabel(c));
    if (c.status === 'identical') {
      lines.push(`  ${c.participant}: ${label}`);
      continue;
    }
    lines.push(`  ${c.participant}: ${label}${c.detail === '' ? '' : `: ${indent(c.detail)}`}`);
    if (c.context?.traceback) lines.push(`    traceback:\n      ${indent(c.context.traceback.trimEnd(), '      ')}`);
    if (c.context?.stderr) lines.push(`    stderr:\n      ${indent(c.context.stderr.trimEnd(), '      ')}`);
  }
  return lines;
};

/** Every case as a row, one status column per participant, and the first participant's detail that is not identical, whole. */
const table = (report: ConformanceReport, names: readonly string[], paint: (status: string, text: string) => string): string[] => {
  const rows = caseRows(report);
  const header = ['case', 'op', ...names];
  const cells = rows.map((row) => [row.id, row.op, ...names.map((n) => statusLabel(row.byParticipant.get(n)))]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i]!.length)));
  const pad = (text: string, i: number): string => text.padEnd(widths[i]!);
  const lines = [header.map(pad).join('  ').trimEnd()];
  rows.forEach((row, r) => {
    const statuses = names.map((n, i) => {
      const c = row.byParticipant.get(n);
      return c === undefined ? pad('-', i + 2) : paint(c.status, pad(cells[r]![i + 2]!, i + 2));
    });
    const details = names.map((n) => row.byParticipant.get(n)).filter((c): c is CaseReport => c !== undefined && c.status !== 'identical' && c.detail !== '');
    lines.push([pad(row.id, 0), pad(row.op, 1), ...statuses, details.map((c) => `${c.participant}: ${c.detail.replace(/\n/g, ' ')}`).join(' | ')].join('  ').trimEnd());
  });
  return lines;
};

/**
 * What a person reads in a terminal: one line per area by default (`--verbose`: a row per case),
 * then each problem case in full with every participant that differs, then what else needs
 * attention, then the counts and the exit code.
 */
export const consoleReporter = (report: ConformanceReport, options: ConsoleOptions = {}): string => {
  const names = report.participants.map((p) => p.name);
  const paint = (status: string, text: string): string => (options.color && COLORS[status] !== undefined ? `\u001b[${COLORS[status]}m${text}\u001b[0m` : text);
  const out: string[] = options.verbose ? table(report, names, paint) : areaLines(report, names);
  const problemIds = [...new Set(problemCases(report).map((c) => c.id))];
  if (problemIds.length > 0) {
    out.push('', `${problemIds.length} ${problemIds.length === 1 ? 'case needs' : 'cases need'} a look:`);
    for (const id of problemIds) out.push('', ...problemBlock(report, id, paint));
  }
  const notes: string[] = [];
  if (report.bad_input.length > 0) notes.push('bad input:', ...report.bad_input.map((p) => `  ${describeBadInput(p)}`));
  for (const p of report.participants) {
    for (const restart of p.restarts ?? []) notes.push(`${p.name} was restarted: ${restart.reason}`);
    if (p.start_error !== undefined) notes.push(`${p.name} could not start: ${p.start_error.message}${p.start_error.stderr ? `\n  stderr: ${indent(p.start_error.stderr.trim(), '  ')}` : ''}`);
  }
  const baseline = report.known_divergences;
  if (baseline !== undefined) {
    for (const s of baseline.stale) notes.push(`${baseline.file}: ${s.id} for ${s.participant} is listed as a known divergence but is ${s.status} now: remove the entry`);
    for (const u of baseline.unmatched) notes.push(`${baseline.file}: ${u.id} for ${u.participant} matches no case of this run: remove or fix the entry`);
  }
  for (const w of report.warnings ?? []) notes.push(`warning: ${w}`);
  if (report.interrupted !== undefined) notes.push(interruptedLine(report));
  const summary = [
    `${report.summary.cases} cases${report.summary.reference ? `, reference ${report.summary.reference}` : ', no reference participant'}`,
    ...names.map((n) => countsLine(n, report.summary.participants[n]!)),
    ...(report.summary.skipped_every_case ?? []).map((n) => `${n} skipped every case: it checked nothing`),
    ...uncheckedNote(report),
    `exit ${report.summary.exit_code}: ${report.summary.outcome}`,
  ];
  return [...out, '', ...(notes.length > 0 ? [...notes, ''] : []), ...summary, ''].join('\n');
};
