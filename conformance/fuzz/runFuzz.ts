import fc from 'fast-check';
import type { CaseVerdict } from '../compare/judgeOutcome.js';
import type { ProtocolCase } from '../participant/ops/index.js';
import type { Participant } from '../participants/participant.js';
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
  /** How many values are in flight at once (256); progress is reported every so many. */
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

/**
 * The differential fuzz driver: draws `runs` values from `seed` (as `fc.sample` does, so run i
 * is the value fast-check's run i sees, a chunk at a time) and keeps `batchSize` of them in flight through both
 * participants: as the oldest is judged, the next is sent, so that neither participant waits
 * for a batch to finish. Values are judged in run order; on the first failure that run is
 * replayed with fast-check so that it shrinks. With `path`, replays that path alone.
 */
export const runFuzz = async <T>(target: FuzzTarget<T>, options: FuzzOptions): Promise<FuzzReport> => {
  const base = { target: target.name, seed: options.seed };
  if (options.path !== undefined) {
    const failure = await shrink(target, options, options.path, Number(options.path.split(':')[0]));
    return { ...base, checked: 1, ...(failure ? { failure } : {}) };
  }
  const runs = options.runs;
  const values = drawValues(target.arbitrary, options.seed, runs);
  const inFlight = Math.max(1, options.batchSize ?? DEFAULT_IN_FLIGHT);
  const pending: Promise<Checked<T>>[] = [];
  let sent = 0;
  for (let run = 0; run < runs; run++) {
    for (; sent < runs && sent < run + inFlight; sent++) pending.push(check(target, values.next().value as T, options));
    const checked = await pending.shift()!;
    if (passes(checked.verdict)) {
      if (run + 1 === runs || (run + 1) % inFlight === 0) options.onProgress?.(run + 1, runs);
      continue;
    }
    options.onProgress?.(run + 1, runs);
    // The checks still in flight are not needed any more; whatever becomes of them is ignored.
    for (const abandoned of pending) abandoned.catch(() => undefined);
    const shrunk = await shrink(target, options, String(run), run);
    // A failure that does not come back on replay is reported as it was first seen.
    const failure = shrunk ?? { path: String(run), ...checked, firstRun: run, shrinks: 0 };
    return { ...base, checked: run + 1, failure };
  }
  return { ...base, checked: runs };
};

const DEFAULT_IN_FLIGHT = 256;
