import fc from 'fast-check';
import type { CaseVerdict } from '../compare/judgeOutcome.js';
import type { ProtocolCase } from '../participant/ops/index.js';
import type { Participant } from '../participants/participant.js';
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
  /** How many values are in flight at once. */
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

/** Runs one value on both participants and judges it. */
const check = async <T>(target: FuzzTarget<T>, value: T, options: FuzzOptions): Promise<{ testCase: ProtocolCase; verdict: CaseVerdict }> => {
  const testCase = target.toCase(value);
  const runOptions = options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs };
  const [ts, python] = await Promise.all([options.participants.ts.run(testCase, runOptions), options.participants.python.run(testCase, runOptions)]);
  return { testCase, verdict: await target.compare(ts, python, value) };
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

/**
 * The differential fuzz driver: draws `runs` values from `seed` (as `fc.sample` does, so run i
 * is the value fast-check's run i sees), sends them in pipelined batches through both
 * participants, and on the first failure replays that run with fast-check so that it shrinks.
 * With `path`, replays that path alone.
 */
export const runFuzz = async <T>(target: FuzzTarget<T>, options: FuzzOptions): Promise<FuzzReport> => {
  const base = { target: target.name, seed: options.seed };
  if (options.path !== undefined) {
    const failure = await shrink(target, options, options.path, Number(options.path.split(':')[0]));
    return { ...base, checked: 1, ...(failure ? { failure } : {}) };
  }
  const values = fc.sample(target.arbitrary, { seed: options.seed, numRuns: options.runs });
  const batchSize = options.batchSize ?? 250;
  for (let start = 0; start < values.length; start += batchSize) {
    const batch = values.slice(start, start + batchSize);
    const verdicts = await Promise.all(batch.map((value) => check(target, value, options)));
    const failing = verdicts.findIndex((v) => !passes(v.verdict));
    options.onProgress?.(failing < 0 ? start + batch.length : start + failing + 1, values.length);
    if (failing < 0) continue;
    const run = start + failing;
    const shrunk = await shrink(target, options, String(run), run);
    // A failure that does not come back on replay is reported as it was first seen.
    const failure = shrunk ?? { path: String(run), value: values[run], ...verdicts[failing]!, firstRun: run, shrinks: 0 };
    return { ...base, checked: run + 1, failure };
  }
  return { ...base, checked: values.length };
};
