import { runFuzz } from '../conformance/fuzz/runFuzz.js';
import { schemaTarget } from '../conformance/areas/schema/schemaTarget.js';
import { openFuzzParticipants } from '../conformance/fuzz/fuzzParticipants.js';
import type { FuzzParticipant } from '../conformance/fuzz/runFuzz.js';
import type { Benchmark } from './index.js';

const RUNS = 2000;
const SEED = 1;

/**
 * Differential schema values per second, as `agentparity fuzz schema --runs 2000 --seed 1`
 * checks them: random declarations derived by the in-process TypeScript participant and the
 * Python participant, compared byte for byte and against the meta-schema (target 250). Every
 * declaration is new, so the run is what a user waits for, start-up of the participants aside.
 */
export const fuzzSchemaBenchmark: Benchmark = {
  name: 'fuzz-schema',
  async run() {
    const opened = await openFuzzParticipants(['ts', 'python']);
    const [ts, python] = opened as [FuzzParticipant, FuzzParticipant];
    try {
      await Promise.all(opened.map((p) => p.participant.start()));
      const started = performance.now();
      const report = await runFuzz(schemaTarget, { participants: { reference: python, others: [ts] }, runs: RUNS, seed: SEED });
      const seconds = (performance.now() - started) / 1000;
      if (report.failure !== undefined) throw new Error(`fuzz schema seed ${SEED} failed: ${report.failure.verdict.detail}`);
      return { runs: RUNS, seed: SEED, seconds: Number(seconds.toFixed(2)), values_per_second: Math.round(report.checked / seconds), target_values_per_second: 250 };
    } finally {
      await Promise.all(opened.map((p) => p.participant.stop()));
    }
  },
};
