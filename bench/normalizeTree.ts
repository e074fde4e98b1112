import { normalizeAndRender, normalizeResult } from '../src/actions/normalizeResult.js';
import { toChatMessageContent } from '../src/actions/renderContent.js';
import type { Benchmark } from './index.js';
import { runPythonBench } from './pythonBench.js';

const NODES = 1_000_000;

/** Records of 14 nodes each: the same tree as python-ref/bench/normalize_bench.py builds. */
const tree = (nodes: number): unknown[] => {
  const out: unknown[] = [];
  for (let count = 1, index = 0; count < nodes; count += 14, index++) {
    out.push({ id: index, name: `item-${index}`, score: index * 0.25, ok: index % 2 === 0, tags: ['a', 'b\u00e9'], nested: { x: null, y: [1, 2, 3] } });
  }
  return out;
};

/** The fastest of several interleaved rounds of each run, in seconds (the machine is shared). */
const fastest = (rounds: number, ...runs: (() => unknown)[]): number[] => {
  const best = runs.map(() => Infinity);
  for (let round = 0; round < rounds; round++) {
    runs.forEach((run, i) => {
      const started = performance.now();
      run();
      best[i] = Math.min(best[i]!, (performance.now() - started) / 1000);
    });
  }
  return best;
};

const round = (n: number, digits = 4): number => Number(n.toFixed(digits));

/**
 * Normalize-and-render of a 1,000,000-node tree against the native writer of the same tree, in
 * each language: TypeScript against `JSON.stringify` (target ratio 2), Python against
 * `json.dumps` (target 3).
 */
export const normalizeTreeBenchmark: Benchmark = {
  name: 'normalize-tree',
  async run() {
    const value = tree(NODES);
    const [stringify, combined, composed] = fastest(
      15,
      () => JSON.stringify(value),
      () => normalizeAndRender(value),
      () => toChatMessageContent(normalizeResult(value) as never),
    );
    return {
      nodes: NODES,
      typescript: {
        json_stringify_s: round(stringify!),
        normalize_and_render_s: round(combined!),
        ratio: round(combined! / stringify!, 2),
        target_ratio: 2,
        normalize_then_render_s: round(composed!),
      },
      python: await runPythonBench('tree'),
    };
  },
};
