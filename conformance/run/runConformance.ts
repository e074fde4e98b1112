import { hostname } from 'node:os';
import type { RuleName } from '../compare/equivalenceRules.js';
import { judgeOutcome, type RuleContext } from '../compare/judgeOutcome.js';
import type { BadInput, FixtureCase } from '../fixtures/fixtureCase.js';
import type { Participant, ParticipantOutcome } from '../clients/participant.js';
import { reportContext, summarize, type BaselineEntry, type CaseReport, type ConformanceReport, type ParticipantReport } from '../report/report.js';
import { getField, isPyObject } from '../util/pyObject.js';
import { applyKnownDivergences } from './knownDivergences.js';
import { chooseReference } from './chooseReference.js';
import { notRunMessage } from './interruption.js';
import { notRunCase } from './interruptedReport.js';
import { runParticipants } from './runParticipants.js';

export interface ConformanceRun {
  readonly cases: readonly FixtureCase[];
  readonly participants: readonly Participant[];
  /** Bad input found before the run (fixtures, known-divergence file, filters): reported, and exit 2. */
  readonly badInput?: readonly BadInput[];
  /** The participant every other is compared with, as `--reference` names it; see `chooseReference`. */
  readonly reference?: string;
  /** A case nothing checked does not fail the run. */
  readonly allowUnchecked?: boolean;
  /** Equivalence rules turned off (`--strict`). */
  readonly strict?: ReadonlySet<RuleName>;
  readonly timeoutMs?: number;
  readonly knownDivergences?: { readonly file: string; readonly entries: readonly BaselineEntry[]; readonly filters: readonly string[] };
}

// The code of the error an answer reports (`{error: {code}}`), for the report.
const errorCodeOf = (outcome: ParticipantOutcome): { error_code?: string } => {
  const error = outcome.status === 'result' && isPyObject(outcome.result) ? getField(outcome.result, 'error') : undefined;
  const code = error !== undefined && isPyObject(error) ? getField(error, 'code') : undefined;
  return typeof code === 'string' ? { error_code: code } : {};
};

// Tenths of a millisecond: finer is noise, and a fast case would otherwise read 0.
const roundMs = (ms: number): number => Math.round(ms * 10) / 10;

/** Runs the cases on the participants, judges every outcome and builds the report. */
export const runConformance = async (run: ConformanceRun): Promise<ConformanceReport> => {
  const startedAt = new Date();
  const started = performance.now();
  const runs = await runParticipants(run.cases, run.participants, run.timeoutMs);
  // Names are known only now: a command participant goes by the name its start reply gives.
  const chosen = chooseReference(run.reference, runs.map((r) => r.name));
  const reference = 'name' in chosen ? runs.find((r) => r.name === chosen.name) : undefined;
  const languages = new Map(runs.map((r) => [r.name, r.implementation?.language]));
  const rules: RuleContext = { strict: run.strict ?? new Set(), languageOf: (name) => languages.get(name) };
  const cases: CaseReport[] = [];
  for (const [index, testCase] of run.cases.entries()) {
    const corroborated = runs.some((r) => r !== reference && r.outcomes[index]!.status === 'result');
    const referenceOutcome = reference === undefined ? undefined : { name: reference.name, outcome: reference.outcomes[index]!, corroborated };
    for (const participantRun of runs) {
      const notRun = notRunMessage(participantRun.outcomes[index]!);
      if (notRun !== undefined) {
        cases.push(notRunCase(testCase, participantRun.name, notRun));
        continue;
      }
      const { context, ...verdict } = await judgeOutcome(testCase, participantRun.name, participantRun.outcomes[index]!, referenceOutcome, undefined, rules);
      cases.push({
        id: testCase.id,
        op: testCase.op,
        participant: participantRun.name,
        ...verdict,
        ...(context ? { context: reportContext(context) } : {}),
        file: testCase.file,
        ...(testCase.line === undefined ? {} : { line: testCase.line }),
        duration_ms: roundMs(participantRun.durations[index]!),
        ...errorCodeOf(participantRun.outcomes[index]!),
      });
    }
  }
  const participants: ParticipantReport[] = runs.map((r) => ({
    name: r.name,
    ...(r.implementation ? { implementation: r.implementation } : {}),
    ...(r.startError ? { start_error: reportContext(r.startError) } : {}),
    ...(r.restarts.length > 0 ? { restarts: r.restarts.map((reason) => ({ reason })) } : {}),
  }));
  const known = run.knownDivergences;
  const names = runs.map((r) => r.name);
  const applied = known === undefined ? undefined : applyKnownDivergences(cases, known.entries, { file: known.file, filters: known.filters, participants: names });
  // An entry for a participant the run does not have would otherwise be ignored: a typo in a
  // name silently drops the check. Names are known only now (a command goes by its start reply's).
  const strangers: BadInput[] = (known?.entries ?? []).flatMap((entry, index) =>
    names.includes(entry.participant)
      ? []
      : [{ file: known!.file, path: `$[${index}].participant`, message: `${JSON.stringify(entry.participant)} is not a participant of this run; its participants are ${names.map((name) => JSON.stringify(name)).join(', ')}` }],
  );
  return summarize(
    {
      participants,
      cases: applied?.cases ?? cases,
      bad_input: [...(run.badInput ?? []), ...strangers, ...('problem' in chosen ? [{ file: 'command line', message: chosen.problem }] : [])],
      ...(applied ? { known_divergences: applied.baseline } : {}),
      started_at: startedAt.toISOString(),
      duration_ms: roundMs(performance.now() - started),
      hostname: hostname(),
    },
    reference?.name,
    { allowUnchecked: run.allowUnchecked ?? false },
  );
};
