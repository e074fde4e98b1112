import fc from 'fast-check';
import type { Sides } from '../compare/diffValues.js';
import { enforceRules, type RuleName } from '../compare/equivalenceRules.js';
import type { CaseStatus, CaseVerdict } from '../compare/judgeOutcome.js';
import type { ProtocolCase } from '../serve/ops/index.js';
import type { Participant, ParticipantOutcome, RunOptions } from '../clients/participant.js';
import { notRunMessage } from '../run/interruption.js';
import { distinctNames } from '../run/runParticipants.js';
import type { FuzzKnownEntry } from '../report/report.js';
import { drawValues } from './drawValues.js';
import type { FuzzTarget } from './fuzzTarget.js';
import { knownClassesFor } from './knownFuzzClasses.js';

/** A participant of a fuzz run. */
export interface FuzzParticipant {
  readonly participant: Participant;
  /**
   * A process works while the harness judges, so each batch is sent to it as soon as it is drawn;
   * an in-process participant is asked when its batch is judged, as its work is the harness's.
   */
  readonly ahead: boolean;
  /** The language its start reply declared: which equivalence rules hold depends on it. */
  readonly language?: string;
}

/** Who a fuzz run drives: the reference, and every participant compared with it. */
export interface FuzzParticipants {
  readonly reference: FuzzParticipant;
  readonly others: readonly FuzzParticipant[];
}

export interface FuzzOptions {
  readonly participants: FuzzParticipants;
  readonly runs: number;
  readonly seed: number;
  /** Replay this fast-check path (`17:3:0`) instead of drawing `runs` values. */
  readonly path?: string;
  /** How many values are drawn and sent at once (64); progress is reported after each batch. */
  readonly batchSize?: number;
  readonly timeoutMs?: number;
  /** Equivalence rules turned off (`--strict`). */
  readonly strict?: ReadonlySet<RuleName>;
  /** Classes of divergence expected of a participant (`--known-divergences`): counted, not failed. */
  readonly known?: readonly FuzzKnownEntry[];
  /** Called as values are checked. */
  readonly onProgress?: (checked: number, total: number) => void;
  /**
   * Whether the run was interrupted (a signal, `--deadline`): it then ends with the values whose
   * answers all came before (participants guarded by the interruption answer the rest not run).
   */
  readonly interrupted?: () => boolean;
}

export interface FuzzFailure {
  /** The path that replays the shrunk counterexample with the same seed. */
  readonly path: string;
  readonly value: unknown;
  readonly testCase: ProtocolCase;
  /** The first comparison that failed; its detail names both sides. */
  readonly verdict: CaseVerdict;
  /** The run (0-based) where the first failure was found, before shrinking. */
  readonly firstRun: number;
  readonly shrinks: number;
}

/** How each participant compared with the reference stood on the values checked before shrinking. */
export type FuzzCounts = Readonly<Record<string, Readonly<Record<CaseStatus, number>>>>;

export interface FuzzReport {
  readonly target: string;
  readonly seed: number;
  /** How many values were checked before the first failure, or all of them. */
  readonly checked: number;
  /** By the name of each participant compared with the reference. */
  readonly counts: FuzzCounts;
  /** Divergences a known-divergence entry expects, by participant, then by the kind answered. */
  readonly known: Readonly<Record<string, Readonly<Record<string, number>>>>;
  readonly failure?: FuzzFailure;
  /** The run was interrupted after `checked` values: the report is partial. */
  readonly interrupted?: true;
}

const passes = (verdict: CaseVerdict): boolean => verdict.status === 'identical' || verdict.status === 'equivalent';

const zero = (): Record<CaseStatus, number> => ({ identical: 0, equivalent: 0, divergent: 0, errored: 0, skipped: 0, unchecked: 0 });

interface Checked<T> {
  readonly value: T;
  readonly testCase: ProtocolCase;
  /** The comparison that failed, unless every one passed or was known. */
  readonly failed?: CaseVerdict;
}

/** How each comparison's equivalences are allowed: by the policy and the two participants' languages. */
const rulesFor = (options: FuzzOptions): ((verdict: CaseVerdict, j: number) => CaseVerdict) => {
  const policy = { strict: options.strict ?? new Set<RuleName>() };
  const { reference, others } = options.participants;
  const languages = others.map((other) => [reference.language, other.language].filter((l): l is string => l !== undefined));
  return (verdict, j) => (verdict.status === 'equivalent' ? enforceRules(verdict, policy, languages[j]!) : verdict);
};

/** The sides of each comparison, made once: the reference on the left, names told apart as conformance does. */
const sidesOf = (participants: FuzzParticipants): Sides[] => {
  const [left, ...right] = distinctNames([participants.reference, ...participants.others].map((p) => p.participant.name));
  return right.map((name) => ({ left: left!, right: name }));
};

/** Every participant, those sent ahead first, so that their processes work while the rest run. */
const inSendingOrder = (participants: FuzzParticipants): FuzzParticipant[] => {
  const all = [participants.reference, ...participants.others];
  return [...all.filter((p) => p.ahead), ...all.filter((p) => !p.ahead)];
};

/** Whether a divergence of participant j, answering `outcome`, is one a known-divergence entry expects. */
type Known = (j: number, outcome: ParticipantOutcome) => FuzzKnownEntry | undefined;

const knownOf = <T>(target: FuzzTarget<T>, options: FuzzOptions, sides: readonly Sides[]): Known =>
  knownClassesFor(options.known ?? [], target.name, sides.map((side) => side.right));

/** The first comparison of the reference's outcome with another's that fails and is not known, if any. */
const judge = async <T>(target: FuzzTarget<T>, reference: ParticipantOutcome, others: readonly ParticipantOutcome[], value: T, sides: readonly Sides[], allow: Allow, known: Known): Promise<CaseVerdict | undefined> => {
  for (let j = 0; j < others.length; j++) {
    const verdict = allow(await target.compare(reference, others[j]!, value, sides[j]!), j);
    if (!passes(verdict) && !(verdict.status === 'divergent' && known(j, others[j]!))) return verdict;
  }
  return undefined;
};

/** Runs one value on every participant and judges it. */
type Allow = (verdict: CaseVerdict, j: number) => CaseVerdict;

const check = async <T>(target: FuzzTarget<T>, value: T, options: FuzzOptions, sides: readonly Sides[]): Promise<Checked<T>> => {
  const testCase = target.toCase(value);
  const runOptions: RunOptions = options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs };
  const asked = new Map(inSendingOrder(options.participants).map((p) => [p, p.participant.run(testCase, runOptions)]));
  const reference = await asked.get(options.participants.reference)!;
  const others = await Promise.all(options.participants.others.map((p) => asked.get(p)!));
  const failed = await judge(target, reference, others, value, sides, rulesFor(options), knownOf(target, options, sides));
  return { value, testCase, ...(failed === undefined ? {} : { failed }) };
};

/**
 * Replays from `path` with fast-check, which shrinks a failure there to a minimal one; the
 * property runs one value at a time through the same long-lived participants. A known
 * divergence passes the property, so that shrinking keeps to a failure that is not known.
 */
const shrink = async <T>(target: FuzzTarget<T>, options: FuzzOptions, sides: readonly Sides[], path: string, firstRun: number): Promise<FuzzFailure | undefined> => {
  const property = fc.asyncProperty(target.arbitrary, async (value) => (await check(target, value, options, sides)).failed === undefined);
  const details = await fc.check(property, { seed: options.seed, path, numRuns: Math.max(options.runs, 1), endOnFailure: options.path !== undefined });
  if (!details.failed || details.counterexample === null) return undefined;
  // Checked once more, to report what the minimal value does.
  const [value] = details.counterexample;
  const again = await check(target, value, options, sides);
  if (again.failed === undefined) return undefined;
  return { path: details.counterexamplePath ?? path, value, testCase: again.testCase, verdict: again.failed, firstRun, shrinks: details.numShrinks };
};

interface Batch<T> {
  /** The run of the first value. */
  readonly start: number;
  readonly values: readonly T[];
  readonly cases: readonly ProtocolCase[];
  /** The outcomes of the participants sent ahead, asked for as soon as the batch was drawn. */
  readonly ahead: ReadonlyMap<FuzzParticipant, Promise<ParticipantOutcome[]>>;
}

/**
 * The differential fuzz driver: draws `runs` values from `seed` (as `fc.sample` does, so run i
 * is the value fast-check's run i sees) a batch at a time. Each batch goes to every process
 * participant as soon as it is drawn, `AHEAD` batches before the harness judges it, so that no
 * process waits for the harness; an in-process participant then runs the batch, and the values
 * are judged in run order, the reference's outcome against each other participant's. A batch
 * costs one promise per participant rather than one per value, which is most of what a fast
 * case costs. On the first failure that run is replayed with fast-check so that it shrinks.
 * With `path`, replays that path alone.
 */
export const runFuzz = async <T>(target: FuzzTarget<T>, options: FuzzOptions): Promise<FuzzReport> => {
  const { runs, participants } = options;
  const sides = sidesOf(participants);
  const allow = rulesFor(options);
  const tallies = participants.others.map(zero);
  const known = knownOf(target, options, sides);
  const knownTallies = participants.others.map((): Record<string, number> => ({}));
  const counts = (): FuzzCounts => Object.fromEntries(sides.map((side, j) => [side.right, tallies[j]!]));
  const knownCounts = (): FuzzReport['known'] => Object.fromEntries(sides.flatMap((side, j) => (Object.keys(knownTallies[j]!).length > 0 ? [[side.right, knownTallies[j]!]] : [])));
  const base = { target: target.name, seed: options.seed };
  if (options.path !== undefined) {
    const failure = await shrink(target, options, sides, options.path, Number(options.path.split(':')[0]));
    // The interruption answered "not run" for the replayed value: its verdict is no failure of the value.
    if (options.interrupted?.() === true) return { ...base, checked: 0, counts: counts(), known: knownCounts(), interrupted: true };
    return { ...base, checked: 1, counts: counts(), known: knownCounts(), ...(failure ? { failure } : {}) };
  }
  const runOptions: RunOptions = options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs };
  const sentAhead = inSendingOrder(participants).filter((p) => p.ahead);
  const values = drawValues(target.arbitrary, options.seed, runs);
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  const batches: Batch<T>[] = [];
  let drawn = 0;
  const sendNext = (): void => {
    if (drawn >= runs) return;
    const start = drawn;
    const batch: T[] = [];
    for (; drawn < runs && drawn < start + batchSize; drawn++) batch.push(values.next().value as T);
    const cases = batch.map((value) => target.toCase(value));
    const ahead = new Map(sentAhead.map((p) => [p, Promise.all(cases.map((testCase) => p.participant.run(testCase, runOptions)))]));
    batches.push({ start, values: batch, cases, ahead });
  };
  const outcomesOf = (batch: Batch<T>, p: FuzzParticipant): Promise<ParticipantOutcome[]> =>
    batch.ahead.get(p) ?? Promise.all(batch.cases.map((testCase) => p.participant.run(testCase, runOptions)));
  for (let i = 0; i < AHEAD; i++) sendNext();
  while (batches.length > 0) {
    const batch = batches.shift()!;
    sendNext();
    // In-process participants run now, one after the other, while the processes work.
    const others: ParticipantOutcome[][] = new Array(participants.others.length);
    for (const [j, p] of participants.others.entries()) if (!p.ahead) others[j] = await outcomesOf(batch, p);
    const reference = await outcomesOf(batch, participants.reference);
    for (const [j, p] of participants.others.entries()) if (p.ahead) others[j] = await outcomesOf(batch, p);
    for (let i = 0; i < batch.values.length; i++) {
      // The values answered before an interruption are judged, in run order, up to the first one it kept from being answered.
      if (options.interrupted?.() === true && [reference[i]!, ...others.map((o) => o[i]!)].some((o) => notRunMessage(o) !== undefined)) {
        return { ...base, checked: batch.start + i, counts: counts(), known: knownCounts(), interrupted: true };
      }
      let failed: CaseVerdict | undefined;
      for (let j = 0; j < others.length; j++) {
        const judged = target.compare(reference[i]!, others[j]![i]!, batch.values[i]!, sides[j]!);
        const verdict = allow(judged instanceof Promise ? await judged : judged, j);
        tallies[j]![verdict.status]++;
        if (passes(verdict)) continue;
        const entry = verdict.status === 'divergent' ? known(j, others[j]![i]!) : undefined;
        if (entry !== undefined) knownTallies[j]![entry.answers] = (knownTallies[j]![entry.answers] ?? 0) + 1;
        else failed ??= verdict;
      }
      if (failed === undefined) continue;
      const run = batch.start + i;
      options.onProgress?.(run + 1, runs);
      // Shrinking against participants an interruption stopped finds only their errors.
      const shrunk = options.interrupted?.() === true ? undefined : await shrink(target, options, sides, String(run), run);
      const interrupted = options.interrupted?.() === true;
      // A failure that does not come back on replay is reported as it was first seen.
      const failure = (interrupted ? undefined : shrunk) ?? { path: String(run), value: batch.values[i]!, testCase: batch.cases[i]!, verdict: failed, firstRun: run, shrinks: 0 };
      return { ...base, checked: run + 1, counts: counts(), known: knownCounts(), failure, ...(interrupted ? { interrupted: true as const } : {}) };
    }
    options.onProgress?.(batch.start + batch.values.length, runs);
  }
  return { ...base, checked: runs, counts: counts(), known: knownCounts() };
};

// Small enough that the cases in flight (`AHEAD` + 1 batches) are judged and dropped well within
// V8's young-generation cycle (about 400 cases): a case alive at two young collections is copied
// into the old generation, and collecting that costs more than the cases themselves.
const DEFAULT_BATCH_SIZE = 64;
/** Batches sent to process participants ahead of the one being judged. */
const AHEAD = 2;
