import { runFuzz } from '../conformance/fuzz/runFuzz.js';
import { normalizeTarget } from '../conformance/areas/normalize/normalizeTarget.js';
import { openFuzzParticipants } from '../conformance/fuzz/fuzzParticipants.js';
import type { FuzzParticipants } from '../conformance/fuzz/runFuzz.js';
import type { Benchmark } from './index.js';

const RUNS = 10_000;
const MEASURED_SEEDS = [1, 2, 3];

/** Runs `RUNS` cases from `seed` and returns the rate, or throws on a failure (a benchmark of a divergence means nothing). */
const timedRun = async (participants: FuzzParticipants, seed: number): Promise<number> => {
  const started = performance.now();
  const report = await runFuzz(normalizeTarget, { participants, runs: RUNS, seed });
  const seconds = (performance.now() - started) / 1000;
  if (report.failure !== undefined) throw new Error(`fuzz normalize seed ${seed} failed: ${report.failure.verdict.detail}`);
  return Math.round(report.checked / seconds);
};

/**
 * Differential normalize cases per second: drawn, run through the in-process TypeScript and the
 * long-lived Python participant, and compared, as `agentparity fuzz normalize` does (target 5,000).
 * The first 10,000 cases of the process warm both participants up (V8 compiles the hot paths,
 * pydantic builds the models) and are reported on their own; the figure is the median of three
 * runs of 10,000 after them, the rate a long fuzzing run settles at.
 */
export const fuzzNormalizeBenchmark: Benchmark = {
  name: 'fuzz-normalize',
  async run() {
    const participants = await openFuzzParticipants();
    await Promise.all([participants.ts.start(), participants.python.start()]);
    try {
      const warmup = await timedRun(participants, 7);
      const measured: number[] = [];
      for (const seed of MEASURED_SEEDS) measured.push(await timedRun(participants, seed));
      return {
        runs: RUNS,
        warmup_cases_per_second: warmup,
        runs_cases_per_second: measured,
        cases_per_second: [...measured].sort((a, b) => a - b)[1],
        target_cases_per_second: 5000,
      };
    } finally {
      await Promise.all([participants.ts.stop(), participants.python.stop()]);
    }
  },
};
