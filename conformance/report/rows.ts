import type { CaseReport, ConformanceReport } from './report.js';

export interface CaseRow {
  readonly id: string;
  readonly op: string;
  readonly byParticipant: ReadonlyMap<string, CaseReport>;
}

/** The report's entries grouped by case, in report order. */
export const caseRows = (report: ConformanceReport): CaseRow[] => {
  const rows = new Map<string, { id: string; op: string; byParticipant: Map<string, CaseReport> }>();
  for (const c of report.cases) {
    const row = rows.get(c.id) ?? { id: c.id, op: c.op, byParticipant: new Map<string, CaseReport>() };
    row.byParticipant.set(c.participant, c);
    rows.set(c.id, row);
  }
  return [...rows.values()];
};

/** A status as a table shows it: a listed divergence is marked known, an equivalence names its rules. */
export const statusLabel = (c: CaseReport | undefined): string => {
  if (c === undefined) return '-';
  if (c.known !== undefined) return 'divergent (known)';
  return c.rules !== undefined && c.rules.length > 0 ? `${c.status} (${c.rules.join(', ')})` : c.status;
};
