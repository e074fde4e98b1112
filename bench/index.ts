import { conformanceSuiteBenchmark } from './conformanceSuite.js';
import { declarationsBenchmark } from './declarations.js';
import { dispatchBatch } from './dispatchBatch.js';
import { fuzzJobsBenchmark } from './fuzzJobs.js';
import { fuzzNormalizeBenchmark } from './fuzzNormalize.js';
import { fuzzSchemaBenchmark } from './fuzzSchema.js';
import { internalBatch } from './internalBatch.js';
import { normalizeDeepBenchmark } from './normalizeDeep.js';
import { normalizeTreeBenchmark } from './normalizeTree.js';
import { participantThroughputBenchmark } from './participantThroughput.js';
import { plansBenchmark } from './plans.js';
import { renderSchemaBenchmark } from './renderSchema.js';

/** A benchmark prints figures, never asserts them; ratios are measured within one run. */
export interface Benchmark {
  readonly name: string;
  run(): Promise<Record<string, unknown>>;
}

/** Every benchmark `npm run bench` runs, in order. */
export const benchmarks: readonly Benchmark[] = [
  declarationsBenchmark,
  renderSchemaBenchmark,
  participantThroughputBenchmark,
  plansBenchmark,
  dispatchBatch,
  internalBatch,
  normalizeTreeBenchmark,
  normalizeDeepBenchmark,
  fuzzNormalizeBenchmark,
  fuzzSchemaBenchmark,
  fuzzJobsBenchmark,
  conformanceSuiteBenchmark,
];
