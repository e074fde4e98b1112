import { describeBadInput } from '../fixtures/fixtureCase.js';
import type { CaseReport, ConformanceReport } from './report.js';
import { caseRows } from './rows.js';

const MARK: Record<CaseReport['status'], string> = { identical: '✅', equivalent: '🟡', divergent: '❌', errored: '💥', skipped: '⏭️', unchecked: '❔' };

// A table cell holds one line, and a pipe would end it.
const cell = (text: string): string => text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

const status = (c: CaseReport | undefined): string =>
  c === undefined ? '-' : c.known !== undefined ? `☑️ divergent (known)` : `${MARK[c.status]} ${c.status}`;

/** A summary fit for `$GITHUB_STEP_SUMMARY`: counts per participant, the cases that need a look, then every case. */
export const markdownReporter = (report: ConformanceReport): string => {
  const names = report.participants.map((p) => p.name);
  const out: string[] = [`## agentparity conformance: ${report.summary.outcome} (exit ${report.summary.exit_code})`, ''];
  out.push(`${report.summary.cases} cases${report.summary.reference ? `, reference participant \`${report.summary.reference}\`` : ''}.`, '');
  out.push('| participant | identical | equivalent | divergent | known | errored | skipped | unchecked |', '|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const name of names) {
    const c = report.summary.participants[name]!;
    out.push(`| ${cell(name)} | ${c.identical} | ${c.equivalent} | ${c.divergent} | ${c.known} | ${c.errored} | ${c.skipped} | ${c.unchecked} |`);
  }
  const notable = report.cases.filter((c) => c.status !== 'identical');
  if (notable.length > 0) {
    out.push('', '### Needs a look', '', '| case | participant | status | detail |', '|---|---|---|---|');
    for (const c of notable) out.push(`| \`${cell(c.id)}\` | ${cell(c.participant)} | ${status(c)} | ${cell(c.detail)} |`);
  }
  const problems = [
    ...report.bad_input.map((p) => `bad input: ${describeBadInput(p)}`),
    ...report.participants.filter((p) => p.start_error).map((p) => `${p.name} could not start: ${p.start_error!.message}`),
    ...(report.known_divergences?.stale ?? []).map((s) => `stale known divergence: ${s.id} for ${s.participant} is ${s.status} now`),
    ...(report.known_divergences?.unmatched ?? []).map((u) => `known divergence matches no case: ${u.id} for ${u.participant}`),
    ...(report.summary.skipped_every_case ?? []).map((n) => `${n} skipped every case: it checked nothing`),
  ];
  if (problems.length > 0) out.push('', '### Problems', '', ...problems.map((p) => `- ${p.replace(/\r?\n/g, ' ')}`));
  out.push('', '<details><summary>Every case</summary>', '', `| case | op | ${names.map(cell).join(' | ')} |`, `|---|---|${names.map(() => '---').join('|')}|`);
  for (const row of caseRows(report)) out.push(`| \`${cell(row.id)}\` | ${row.op} | ${names.map((n) => status(row.byParticipant.get(n))).join(' | ')} |`);
  out.push('', '</details>', '');
  return out.join('\n');
};
