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
import { startParticipants } from './runParticipants.js';

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
  const running = await startParticipants(run.cases, run.participants, run.timeoutMs);
  // Names are known only now: a command participant goes by the name its start reply gives.
  const names = running.names;
  const chosen = chooseReference(run.reference, names);
  const referenceIndex = 'name' in chosen ? names.indexOf(chosen.name) : -1;
  const languages = new Map(names.map((name, i) => [name, running.started[i]!.implementation?.language]));
  const rules: RuleContext = { strict: run.strict ?? new Set(), languageOf: (name) => languages.get(name) };
  // Each case is judged as soon as every participant has answered it, while the slower ones
  // still work on later cases; rows keep case order, then participant order.
  const rows: CaseReport[][] = [];
  for (const [index, testCase] of run.cases.entries()) {
    const answers = await running.answersTo(index);
    const outcomes = answers.map((a) => a.outcome);
    const corroborated = outcomes.some((outcome, i) => i !== referenceIndex && outcome.status === 'result');
    const referenceOutcome = referenceIndex < 0 ? undefined : { name: names[referenceIndex]!, outcome: outcomes[referenceIndex]!, corroborated };
    const caseRows: CaseReport[] = [];
    for (const [i, outcome] of outcomes.entries()) {
      const notRun = notRunMessage(outcome);
      if (notRun !== undefined) {
        caseRows.push(notRunCase(testCase, names[i]!, notRun));
        continue;
      }
      const { context, ...verdict } = await judgeOutcome(testCase, names[i]!, outcome, referenceOutcome, undefined, rules);
      caseRows.push({
        id: testCase.id,
        op: testCase.op,
        participant: names[i]!,
        ...verdict,
        ...(context ? { context: reportContext(context) } : {}),
        file: testCase.file,
        ...(testCase.line === undefined ? {} : { line: testCase.line }),
        duration_ms: roundMs(answers[i]!.durationMs),
        ...errorCodeOf(outcome),
      });
    }
    rows.push(caseRows);
  }
  const runs = await running.finished();
  const cases = rows.flat();
  const participants: ParticipantReport[] = runs.map((r) => ({
    name: r.name,
    ...(r.implementation ? { implementation: r.implementation } : {}),
    ...(r.startError ? { start_error: reportContext(r.startError) } : {}),
    ...(r.restarts.length > 0 ? { restarts: r.restarts.map((reason) => ({ reason })) } : {}),
  }));
  const known = run.knownDivergences;
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
    referenceIndex < 0 ? undefined : names[referenceIndex],
    { allowUnchecked: run.allowUnchecked ?? false },
  );
};
