import fc from 'fast-check';

// Each chunk but the first is reached by stepping the seed's stream through every run before it,
// about 1 µs a run, so fewer chunks are cheaper. A chunk's draws live until it is used up,
// though, and 40,000 of fast-check's objects living that long taught V8 to allocate the objects
// of some of its allocation sites in the old generation for the rest of the process, where each
// case's young objects hang from them: a 40,000-value run promoted ten times as much per young
// collection and lost about a tenth of its rate. At 16,384 a 200,000-value run spends 1.2 s stepping.
const CHUNK = 16_384;

/**
 * An arbitrary whose values are the draws of `arbitrary` not made yet: each holds its run's own
 * random source and bias, so that calling it later makes exactly the value fast-check's run would.
 * Sampling it costs one step of the seed's random stream per run, and holds no drawn value.
 */
class DeferredArbitrary<T> extends fc.Arbitrary<() => T> {
  constructor(private readonly arbitrary: fc.Arbitrary<T>) {
    super();
  }

  generate(random: fc.Random, biasFactor: number | undefined): fc.Value<() => T> {
    return new fc.Value(() => this.arbitrary.generate(random, biasFactor).value, undefined);
  }

  canShrinkWithoutContext(value: unknown): value is () => T {
    return false;
  }

  shrink(): fc.Stream<fc.Value<() => T>> {
    return fc.Stream.nil();
  }
}

/**
 * The values fast-check's runs `0 .. runs - 1` see for `seed`, in order: what `fc.sample` gives,
 * each drawn when it is asked for. The runs' random sources are taken a chunk at a time (the
 * replay path `"<start>"` starts a chunk at its run, but steps the seed's stream through every
 * run before it: see `CHUNK`), so that a long run never holds more than a chunk of them.
 */
export function* drawValues<T>(arbitrary: fc.Arbitrary<T>, seed: number, runs: number, chunk = CHUNK): Generator<T> {
  const deferred = new DeferredArbitrary(arbitrary);
  for (let start = 0; start < runs; start += chunk) {
    for (const draw of fc.sample(deferred, { seed, path: String(start), numRuns: Math.min(chunk, runs - start) })) yield draw();
  }
}
