import { runFuzz } from '../conformance/fuzz/runFuzz.js';
import { normalizeTarget } from '../conformance/normalize/fuzz/normalizeTarget.js';
import { openFuzzParticipants } from '../conformance/fuzz/fuzzParticipants.js';
import type { Benchmark } from './index.js';

const RUNS = 10_000;

/**
 * Differential normalize cases per second: drawn, run through the in-process TypeScript and the
 * long-lived Python participant, and compared, as `agentparity fuzz normalize` does (target 5,000).
 * A first run of 2,000 warms both participants (JIT, pydantic models) and is not counted.
 */
export const fuzzNormalizeBenchmark: Benchmark = {
  name: 'fuzz-normalize',
  async run() {
    const participants = openFuzzParticipants();
    await Promise.all([participants.ts.start(), participants.python.start()]);
    try {
      await runFuzz(normalizeTarget, { participants, runs: 2_000, seed: 7 });
      const started = performance.now();
      const report = await runFuzz(normalizeTarget, { participants, runs: RUNS, seed: 1 });
      const seconds = (performance.now() - started) / 1000;
      return {
        runs: report.checked,
        seconds: Number(seconds.toFixed(2)),
        cases_per_second: Math.round(report.checked / seconds),
        target_cases_per_second: 5000,
        failure: report.failure?.verdict.detail ?? null,
      };
    } finally {
      await Promise.all([participants.ts.stop(), participants.python.stop()]);
    }
  },
};
