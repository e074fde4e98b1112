import type { CaseStatus } from '../compare/judgeOutcome.js';
import type { BadInput } from '../fixtures/fixtureCase.js';
import type { ErrorContext, ImplementationInfo } from '../protocol/messages.js';

/** What the harness reports: one shape for every reporter (and `conformance/report.schema.json`). */
export interface ConformanceReport {
  readonly summary: Summary;
  readonly participants: readonly ParticipantReport[];
  /** One entry per case and participant, in fixture order, participants in run order. */
  readonly cases: readonly CaseReport[];
  readonly bad_input: readonly BadInput[];
  readonly known_divergences?: BaselineReport;
  /** What the run noticed that does not change its exit code. */
  readonly warnings?: readonly string[];
  /** When the run started (ISO 8601, UTC); for merged reports, the earliest start. */
  readonly started_at?: string;
  /** How long the run took, in milliseconds; for merged reports, the sum of the parts. */
  readonly duration_ms?: number;
  /** The machine that ran it. */
  readonly hostname?: string;
  /** The run was ended early (a signal, `--deadline`): the cases it did not answer are `not_run`. */
  readonly interrupted?: InterruptedReport;
}

export interface InterruptedReport {
  readonly cause: 'SIGINT' | 'SIGTERM' | 'deadline';
  readonly message: string;
}

/** A case's status in a report: a verdict, or `not_run` when an interruption kept it from being answered. */
export type ReportStatus = CaseStatus | 'not_run';

export interface Summary {
  readonly cases: number;
  readonly participants: Readonly<Record<string, Counts>>;
  readonly reference?: string;
  /** `--allow-unchecked` was given: a case nothing checked did not decide the exit code. */
  readonly allow_unchecked?: boolean;
  /** Participants that skipped every case they were given: they checked nothing. */
  readonly skipped_every_case?: readonly string[];
  readonly exit_code: number;
  readonly outcome: Outcome;
}

export type Outcome = 'parity' | 'divergence' | 'bad input' | 'unchecked' | 'participant failed' | 'interrupted';

export interface Counts {
  readonly identical: number;
  readonly equivalent: number;
  readonly divergent: number;
  readonly errored: number;
  readonly skipped: number;
  readonly unchecked: number;
  /** How many of the divergent cases the known-divergence file lists. */
  readonly known: number;
  /** Cases an interruption kept from being answered; only in an interrupted run's report. */
  readonly not_run?: number;
}

export interface ParticipantReport {
  readonly name: string;
  readonly implementation?: ImplementationInfo;
  /** Why it could not start; then every case it was given errored. */
  readonly start_error?: ReportContext;
  /** Each restart of its process, with the trouble that caused it: any restart fails the run (exit 3). */
  readonly restarts?: readonly { readonly reason: string }[];
}

/** An error context as the report writes it (snake_case, like the rest of the report). */
export interface ReportContext {
  readonly message: string;
  readonly traceback?: string;
  readonly stderr?: string;
  readonly exit_code?: number;
  readonly signal?: string;
}

export const reportContext = ({ exitCode, ...rest }: ErrorContext): ReportContext => ({
  ...rest,
  ...(exitCode === undefined ? {} : { exit_code: exitCode }),
});

export interface CaseReport {
  readonly id: string;
  readonly op: string;
  readonly participant: string;
  readonly status: ReportStatus;
  readonly detail: string;
  /** The equivalence rules an `equivalent` case rests on (`compare/equivalenceRules.ts`). */
  readonly rules?: readonly string[];
  /** The fixture file of the case, as the run named it. */
  readonly file?: string;
  /** The 1-based line of the file where the case starts, when the loader knows it. */
  readonly line?: number;
  /** How long the case kept this participant busy, in milliseconds. */
  readonly duration_ms?: number;
  /** The code of the error the participant's answer reported, when it sent one. */
  readonly error_code?: string;
  /** The known-divergence entry that lists this divergence. */
  readonly known?: KnownEntry;
  readonly context?: ReportContext;
}

export interface KnownEntry {
  readonly reason: string;
  readonly issue?: string;
}

/** A class of fuzz divergences expected of one participant: it answers an error of this kind. */
export interface FuzzKnownEntry extends KnownEntry {
  readonly fuzz: string;
  readonly participant: string;
  readonly answers: string;
}

export interface BaselineEntry extends KnownEntry {
  readonly id: string;
  readonly participant: string;
}

export interface BaselineReport {
  readonly file: string;
  /** Listed divergences that no longer diverge (or were skipped): remove them. */
  readonly stale: readonly (BaselineEntry & { readonly status: ReportStatus })[];
  /** Entries that match no case of the run. */
  readonly unmatched: readonly BaselineEntry[];
}

export interface SummaryOptions {
  /** A case nothing checked does not decide the exit code. */
  readonly allowUnchecked?: boolean;
}

/**
 * The exit code of a report; when several apply, the order is 2 (bad input), 3, 2 (unchecked),
 * then 1 (see docs/internals.md). A case nothing checked is not a divergence: the run as given
 * (its fixtures and participants) could not check it, so it is a usage problem, 2, unless allowed.
 */
export const exitCodeOf = (report: Omit<ConformanceReport, 'summary'>, options: SummaryOptions = {}): { code: number; outcome: Outcome } => {
  if (report.bad_input.length > 0) return { code: 2, outcome: 'bad input' };
  // A run that did not finish proves nothing about the cases it did not run.
  if (report.interrupted !== undefined) return { code: 3, outcome: 'interrupted' };
  // A restart fails the run even when every case then answered: the process ended or was killed
  // mid-run, and the answers after it came from a process that remembered nothing of the run.
  const failed = (p: ParticipantReport): boolean => p.start_error !== undefined || (p.restarts?.length ?? 0) > 0;
  if (report.participants.some(failed) || report.cases.some((c) => c.status === 'errored')) {
    return { code: 3, outcome: 'participant failed' };
  }
  // After a failure, which leaves the cases it touched unchecked, so that the cause is what is said.
  if (options.allowUnchecked !== true && report.cases.some((c) => c.status === 'unchecked')) return { code: 2, outcome: 'unchecked' };
  const baseline = report.known_divergences;
  const newDivergence = report.cases.some((c) => c.status === 'divergent' && c.known === undefined);
  if (newDivergence || (baseline !== undefined && baseline.stale.length + baseline.unmatched.length > 0)) return { code: 1, outcome: 'divergence' };
  return { code: 0, outcome: 'parity' };
};

const zero = (): { -readonly [K in keyof Counts]-?: number } => ({ identical: 0, equivalent: 0, divergent: 0, errored: 0, skipped: 0, unchecked: 0, known: 0, not_run: 0 });

// `not_run` is counted only in an interrupted run's report, which is the one that can have it.
const countsOf = ({ not_run, ...counts }: ReturnType<typeof zero>): Counts => (not_run > 0 ? { ...counts, not_run } : counts);

/** Completes a report with its summary. */
export const summarize = (body: Omit<ConformanceReport, 'summary'>, reference: string | undefined, options: SummaryOptions = {}): ConformanceReport => {
  const counts: Record<string, ReturnType<typeof zero>> = {};
  for (const participant of body.participants) counts[participant.name] = zero();
  for (const c of body.cases) {
    const tally = (counts[c.participant] ??= zero());
    tally[c.status]++;
    if (c.known !== undefined) tally.known++;
  }
  const { code, outcome } = exitCodeOf(body, options);
  const ids = new Set(body.cases.map((c) => c.id));
  const skippedAll = Object.entries(counts).filter(([, n]) => n.skipped > 0 && n.skipped === ids.size).map(([name]) => name);
  return {
    summary: {
      cases: ids.size,
      participants: Object.fromEntries(Object.entries(counts).map(([name, n]) => [name, countsOf(n)])),
      ...(reference === undefined ? {} : { reference }),
      ...(options.allowUnchecked === true ? { allow_unchecked: true } : {}),
      ...(skippedAll.length > 0 ? { skipped_every_case: skippedAll } : {}),
      exit_code: code,
      outcome,
    },
    ...body,
  };
};
