import fc from 'fast-check';

const CHUNK = 1024;

/**
 * The values fast-check's runs `0 .. runs - 1` see for `seed`, in order: what `fc.sample` gives,
 * drawn a chunk at a time (fast-check's replay path `"<start>"` starts a chunk at its run
 * without drawing the runs before it), so that a long run never holds more than a chunk.
 */
export function* drawValues<T>(arbitrary: fc.Arbitrary<T>, seed: number, runs: number, chunk = CHUNK): Generator<T> {
  for (let start = 0; start < runs; start += chunk) {
    yield* fc.sample(arbitrary, { seed, path: String(start), numRuns: Math.min(chunk, runs - start) });
  }
}
