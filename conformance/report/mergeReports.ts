import { describeBadInput } from '../fixtures/fixtureCase.js';
import { summarize, type BaselineReport, type CaseReport, type ConformanceReport, type ParticipantReport } from './report.js';

const caseKey = (c: CaseReport): string => `${c.participant}\u0000${c.id}`;

const mergeBaselines = (reports: readonly ConformanceReport[]): BaselineReport | undefined => {
  const baselines = reports.map((r) => r.known_divergences).filter((b): b is BaselineReport => b !== undefined);
  if (baselines.length === 0) return undefined;
  const key = (e: { id: string; participant: string }): string => `${e.participant}\u0000${e.id}`;
  const stale = new Map(baselines.flatMap((b) => b.stale.map((s) => [key(s), s] as const)));
  const unmatched = new Map(baselines.flatMap((b) => b.unmatched.map((u) => [key(u), u] as const)));
  return { file: [...new Set(baselines.map((b) => b.file))].join(', '), stale: [...stale.values()], unmatched: [...unmatched.values()] };
};

/**
 * One report from several saved ones: shards of a run, or runs of different participants over
 * the same fixtures. Participants and cases are kept once each (by name, and by case and
 * participant: the first report that has one wins), bad input and warnings once each, and the
 * summary and exit code are worked out again from the whole.
 */
export const mergeReports = (reports: readonly ConformanceReport[]): ConformanceReport => {
  const participants = new Map<string, ParticipantReport>();
  for (const r of reports) for (const p of r.participants) if (!participants.has(p.name)) participants.set(p.name, p);
  const cases = new Map<string, CaseReport>();
  for (const r of reports) for (const c of r.cases) if (!cases.has(caseKey(c))) cases.set(caseKey(c), c);
  const badInput = new Map(reports.flatMap((r) => r.bad_input.map((b) => [describeBadInput(b), b] as const)));
  const warnings = [...new Set(reports.flatMap((r) => r.warnings ?? []))];
  const baseline = mergeBaselines(reports);
  const starts = reports.map((r) => r.started_at).filter((s): s is string => s !== undefined).sort();
  const durations = reports.map((r) => r.duration_ms).filter((d): d is number => d !== undefined);
  const hostname = reports.find((r) => r.hostname !== undefined)?.hostname;
  const reference = reports.find((r) => r.summary.reference !== undefined)?.summary.reference;
  const interrupted = reports.find((r) => r.interrupted !== undefined)?.interrupted;
  return summarize(
    {
      participants: [...participants.values()],
      cases: [...cases.values()],
      bad_input: [...badInput.values()],
      ...(baseline === undefined ? {} : { known_divergences: baseline }),
      ...(warnings.length === 0 ? {} : { warnings }),
      ...(starts.length === 0 ? {} : { started_at: starts[0]! }),
      ...(durations.length === 0 ? {} : { duration_ms: Math.round(durations.reduce((a, b) => a + b, 0) * 10) / 10 }),
      ...(hostname === undefined ? {} : { hostname }),
      ...(interrupted === undefined ? {} : { interrupted }),
    },
    reference,
    { allowUnchecked: reports.length > 0 && reports.every((r) => r.summary.allow_unchecked === true) },
  );
};
