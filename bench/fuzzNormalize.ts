import { runFuzz } from '../conformance/fuzz/runFuzz.js';
import { normalizeTarget } from '../conformance/areas/normalize/normalizeTarget.js';
import { openFuzzParticipants } from '../conformance/fuzz/fuzzParticipants.js';
import type { FuzzParticipant, FuzzParticipants } from '../conformance/fuzz/runFuzz.js';
import type { Benchmark } from './index.js';

const RUNS = 10_000;
const WARMUP_SEED = 7;
const MEASURED_SEEDS = [1, 2, 3];
/** The third participant: the Python reference again, as an outside participant is given, a command line. */
const THIRD = 'python3 -m agentparity_ref.participant';

/** Runs `RUNS` cases from `seed` and returns the rate, or throws on a failure (a benchmark of a divergence means nothing). */
const timedRun = async (participants: FuzzParticipants, seed: number): Promise<number> => {
  const started = performance.now();
  const report = await runFuzz(normalizeTarget, { participants, runs: RUNS, seed });
  const seconds = (performance.now() - started) / 1000;
  if (report.failure !== undefined) throw new Error(`fuzz normalize seed ${seed} failed: ${report.failure.verdict.detail}`);
  return Math.round(report.checked / seconds);
};

/** The warm-up rate, the measured rates and their median. */
const measure = async (participants: FuzzParticipants): Promise<{ warmup: number; runs: number[]; median: number }> => {
  const warmup = await timedRun(participants, WARMUP_SEED);
  const runs: number[] = [];
  for (const seed of MEASURED_SEEDS) runs.push(await timedRun(participants, seed));
  return { warmup, runs, median: [...runs].sort((a, b) => a - b)[1]! };
};

/**
 * Differential normalize cases per second: drawn, run through the in-process TypeScript and the
 * long-lived Python participant, and compared, as `agentparity fuzz normalize` does (target 5,000).
 * The first 10,000 cases of the process warm both participants up (V8 compiles the hot paths,
 * pydantic builds the models) and are reported on their own; the figure is the median of three
 * runs of 10,000 after them, the rate a long fuzzing run settles at. Then the same with a third
 * participant, a command line (`fuzz normalize --participant "python3 -m ..."`), in the same
 * process, so that the two figures compare.
 */
export const fuzzNormalizeBenchmark: Benchmark = {
  name: 'fuzz-normalize',
  async run() {
    const opened: FuzzParticipant[] = await openFuzzParticipants(['ts', 'python']);
    const [ts, python] = opened as [FuzzParticipant, FuzzParticipant];
    try {
      await Promise.all(opened.map((p) => p.participant.start()));
      const two = await measure({ reference: python, others: [ts] });
      const [third] = await openFuzzParticipants([THIRD]);
      opened.push(third!);
      await third!.participant.start();
      const three = await measure({ reference: python, others: [ts, third!] });
      return {
        runs: RUNS,
        warmup_cases_per_second: two.warmup,
        runs_cases_per_second: two.runs,
        cases_per_second: two.median,
        target_cases_per_second: 5000,
        three_participants: { third: THIRD, warmup_cases_per_second: three.warmup, runs_cases_per_second: three.runs, cases_per_second: three.median },
        three_to_two_ratio: Number((three.median / two.median).toFixed(2)),
      };
    } finally {
      await Promise.all(opened.map((p) => p.participant.stop()));
    }
  },
};
