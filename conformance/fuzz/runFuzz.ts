import fc from 'fast-check';
import type { CaseVerdict } from '../compare/judgeOutcome.js';
import type { ProtocolCase } from '../serve/ops/index.js';
import type { Participant, ParticipantOutcome } from '../clients/participant.js';
import { drawValues } from './drawValues.js';
import type { FuzzTarget } from './fuzzTarget.js';

export interface FuzzParticipants {
  readonly ts: Participant;
  readonly python: Participant;
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
  /** Called as values are checked. */
  readonly onProgress?: (checked: number, total: number) => void;
}

export interface FuzzFailure {
  /** The path that replays the shrunk counterexample with the same seed. */
  readonly path: string;
  readonly value: unknown;
  readonly testCase: ProtocolCase;
  readonly verdict: CaseVerdict;
  /** The run (0-based) where the first failure was found, before shrinking. */
  readonly firstRun: number;
  readonly shrinks: number;
}

export interface FuzzReport {
  readonly target: string;
  readonly seed: number;
  /** How many values were checked before the first failure, or all of them. */
  readonly checked: number;
  readonly failure?: FuzzFailure;
}

const passes = (verdict: CaseVerdict): boolean => verdict.status === 'identical' || verdict.status === 'equivalent';

interface Checked<T> {
  readonly value: T;
  readonly testCase: ProtocolCase;
  readonly verdict: CaseVerdict;
}

/**
 * Runs one value on both participants and judges it. Python is asked first, so that its process
 * works on the case while the in-process TypeScript participant does.
 */
const check = async <T>(target: FuzzTarget<T>, value: T, options: FuzzOptions): Promise<Checked<T>> => {
  const testCase = target.toCase(value);
  const runOptions = options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs };
  const python = options.participants.python.run(testCase, runOptions);
  const ts = options.participants.ts.run(testCase, runOptions);
  return { value, testCase, verdict: await target.compare(await ts, await python, value) };
};

/**
 * Replays from `path` with fast-check, which shrinks a failure there to a minimal one; the
 * property runs one value at a time through the same long-lived participants.
 */
const shrink = async <T>(target: FuzzTarget<T>, options: FuzzOptions, path: string, firstRun: number): Promise<FuzzFailure | undefined> => {
  const property = fc.asyncProperty(target.arbitrary, async (value) => passes((await check(target, value, options)).verdict));
  const details = await fc.check(property, { seed: options.seed, path, numRuns: Math.max(options.runs, 1), endOnFailure: options.path !== undefined });
  if (!details.failed || details.counterexample === null) return undefined;
  // Checked once more, to report what the minimal value does.
  const [value] = details.counterexample;
  const again = await check(target, value, options);
  return { path: details.counterexamplePath ?? path, value, testCase: again.testCase, verdict: again.verdict, firstRun, shrinks: details.numShrinks };
};

interface Batch<T> {
  /** The run of the first value. */
  readonly start: number;
  readonly values: readonly T[];
  readonly cases: readonly ProtocolCase[];
  /** Python's outcomes, asked for as soon as the batch was drawn. */
  readonly python: Promise<ParticipantOutcome[]>;
}

/**
 * The differential fuzz driver: draws `runs` values from `seed` (as `fc.sample` does, so run i
 * is the value fast-check's run i sees) a batch at a time. Each batch goes to Python as soon as
 * it is drawn, `AHEAD` batches before the harness judges it, so that Python's process never waits
 * for the harness; the in-process TypeScript participant then runs the batch, and the values are
 * judged in run order. A batch costs one promise per side rather than one per value, which is
 * most of what a fast case costs. On the first failure that run is replayed with fast-check so
 * that it shrinks. With `path`, replays that path alone.
 */
export const runFuzz = async <T>(target: FuzzTarget<T>, options: FuzzOptions): Promise<FuzzReport> => {
  const base = { target: target.name, seed: options.seed };
  if (options.path !== undefined) {
    const failure = await shrink(target, options, options.path, Number(options.path.split(':')[0]));
    return { ...base, checked: 1, ...(failure ? { failure } : {}) };
  }
  const { runs, participants } = options;
  const runOptions = options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs };
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
    batches.push({ start, values: batch, cases, python: Promise.all(cases.map((testCase) => participants.python.run(testCase, runOptions))) });
  };
  for (let i = 0; i < AHEAD; i++) sendNext();
  while (batches.length > 0) {
    const batch = batches.shift()!;
    sendNext();
    const ts = await Promise.all(batch.cases.map((testCase) => participants.ts.run(testCase, runOptions)));
    const python = await batch.python;
    for (let i = 0; i < batch.values.length; i++) {
      const judged = target.compare(ts[i]!, python[i]!, batch.values[i]!);
      const verdict = judged instanceof Promise ? await judged : judged;
      if (passes(verdict)) continue;
      const run = batch.start + i;
      options.onProgress?.(run + 1, runs);
      const shrunk = await shrink(target, options, String(run), run);
      // A failure that does not come back on replay is reported as it was first seen.
      const failure = shrunk ?? { path: String(run), value: batch.values[i]!, testCase: batch.cases[i]!, verdict, firstRun: run, shrinks: 0 };
      return { ...base, checked: run + 1, failure };
    }
    options.onProgress?.(batch.start + batch.values.length, runs);
  }
  return { ...base, checked: runs };
};

// Small enough that the cases in flight (`AHEAD` + 1 batches) are judged and dropped well within
// V8's young-generation cycle (about 400 cases): a case alive at two young collections is copied
// into the old generation, and collecting that costs more than the cases themselves.
const DEFAULT_BATCH_SIZE = 64;
/** Batches sent to Python ahead of the one being judged. */
const AHEAD = 2;
