import { normalizeTarget } from '../conformance/areas/normalize/normalizeTarget.js';
import { schemaTarget } from '../conformance/areas/schema/schemaTarget.js';
import { openFuzzParticipants } from '../conformance/fuzz/fuzzParticipants.js';
import type { FuzzParticipant } from '../conformance/fuzz/runFuzz.js';
import { runFuzz } from '../conformance/fuzz/runFuzz.js';
import type { FuzzTarget } from '../conformance/fuzz/fuzzTarget.js';
import type { Benchmark } from './index.js';

const SEED = 1;
const WARMUP_SEED = 7;

/** The rate of `runs` values from seed 1 on ts and python as pools of `jobs`, after a warm-up of a tenth as many. */
const rateAt = async <T>(target: FuzzTarget<T>, runs: number, jobs: number): Promise<number> => {
  const opened = await openFuzzParticipants(['ts', 'python'], {}, jobs);
  const [ts, python] = opened as [FuzzParticipant, FuzzParticipant];
  try {
    await Promise.all(opened.map((p) => p.participant.start()));
    const participants = { reference: python, others: [ts] };
    await runFuzz(target, { participants, runs: Math.ceil(runs / 10), seed: WARMUP_SEED });
    const started = performance.now();
    const report = await runFuzz(target, { participants, runs, seed: SEED });
    const seconds = (performance.now() - started) / 1000;
    if (report.failure !== undefined) throw new Error(`fuzz ${target.name} seed ${SEED} failed: ${report.failure.verdict.detail}`);
    return Math.round(report.checked / seconds);
  } finally {
    await Promise.all(opened.map((p) => p.participant.stop()));
  }
};

const jobsFigures = async <T>(target: FuzzTarget<T>, runs: number) => {
  const one = await rateAt(target, runs, 1);
  const two = await rateAt(target, runs, 2);
  return { runs, jobs_1_per_second: one, jobs_2_per_second: two, jobs_2_over_1: Number((two / one).toFixed(2)) };
};

/**
 * `fuzz schema` and `fuzz normalize` values per second with `--jobs 1` and `--jobs 2` (pools of
 * two Python processes and two TypeScript worker threads), measured in one run so that their
 * ratio holds on a machine whose speed drifts; start-up is left out, a warm-up is not counted.
 */
export const fuzzJobsBenchmark: Benchmark = {
  name: 'fuzz-jobs',
  async run() {
    return { seed: SEED, schema: await jobsFigures(schemaTarget, 2000), normalize: await jobsFigures(normalizeTarget, 20_000) };
  },
};
