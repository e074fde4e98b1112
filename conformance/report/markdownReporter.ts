import type { CaseReport, ConformanceReport } from './report.js';
import { folds, problemCases, runProblems, whereOf } from './problems.js';

const MARK: Record<string, string> = { identical: '✅', equivalent: '🟡', divergent: '❌', errored: '💥', skipped: '⏭️', unchecked: '❔', not_run: '⏸️', 'known divergence': '☑️' };

// A table cell holds one line, and a pipe would end it.
const cell = (text: string): string => text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

const html = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// A detail in a table stays readable: the first 600 characters, and a pointer to the rest.
const DETAIL_LIMIT = 600;
const detail = (text: string): string => (text.length > DETAIL_LIMIT ? `${text.slice(0, DETAIL_LIMIT)}… (in full in the JSON or console report)` : text);

const caseCell = (c: CaseReport): string => {
  const where = whereOf(c);
  return `\`${cell(c.id)}\`${where === undefined ? '' : `<br>${cell(where)}`}`;
};

const seconds = (ms: number | undefined): string => (ms === undefined ? '' : `, ${(ms / 1000).toFixed(1)} s`);

/**
 * A summary fit for `$GITHUB_STEP_SUMMARY`, problems first: each divergent, errored or unchecked
 * case with its detail, then the problems of the run (stale known divergences, bad input), then
 * the counts, then the cases that passed other than identically folded one line per reason with
 * their ids under `<details>`. A passing run fits in about 30 lines.
 */
export const markdownReporter = (report: ConformanceReport): string => {
  const names = report.participants.map((p) => p.name);
  const s = report.summary;
  const out: string[] = [`## agentparity conformance: ${s.outcome} (exit ${s.exit_code})`, ''];
  out.push(`${s.cases} cases on ${names.map((n) => `\`${cell(n)}\``).join(', ')}${s.reference ? `, reference \`${cell(s.reference)}\`` : ', no reference participant'}${seconds(report.duration_ms)}.`, '');
  const problems = problemCases(report);
  const others = [...runProblems(report), ...(report.warnings ?? []).map((w) => `warning: ${w}`)];
  if (problems.length + others.length > 0) {
    out.push('### Problems', '');
    if (problems.length > 0) {
      out.push('| case | participant | status | detail |', '|---|---|---|---|');
      for (const c of problems) out.push(`| ${caseCell(c)} | ${cell(c.participant)} | ${MARK[c.status] ?? ''} ${c.status} | ${cell(detail(c.detail))} |`);
      out.push('');
    }
    out.push(...others.map((p) => `- ${cell(p)}`), ...(others.length > 0 ? [''] : []));
  }
  out.push('| participant | identical | equivalent | divergent | known | errored | skipped | unchecked |', '|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const name of names) {
    const c = s.participants[name]!;
    out.push(`| ${cell(name)} | ${c.identical} | ${c.equivalent} | ${c.divergent} | ${c.known} | ${c.errored} | ${c.skipped} | ${c.unchecked} |`);
  }
  const folded = folds(report);
  if (folded.length > 0) {
    out.push('', '### Passed, not identically', '');
    for (const f of folded) {
      const n = f.cases.length;
      out.push(
        `<details><summary>${MARK[f.label] ?? ''} ${html(f.label)} · ${html(f.participant)} · ${n} ${n === 1 ? 'case' : 'cases'}: ${html(f.reason)}</summary>`,
        f.cases.map((c) => `<code>${html(c.id)}</code>`).join(', '),
        '</details>',
      );
    }
  }
  out.push('');
  return out.join('\n');
};
