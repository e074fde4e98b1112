import { normalizeResult } from '../src/actions/normalizeResult.js';
import { toChatMessageContent } from '../src/actions/renderContent.js';
import type { Benchmark } from './index.js';
import { runPythonBench } from './pythonBench.js';

const DEPTH = 1_000_000;

/**
 * Normalizing, then rendering, a 1,000,000-deep chain in each language. Targets: rendering at
 * most twice normalizing in each language, and at most 0.3 s in TypeScript and 1 s in Python.
 */
export const normalizeDeepBenchmark: Benchmark = {
  name: 'normalize-deep',
  async run() {
    let started = performance.now();
    let value: unknown = 'leaf';
    for (let i = 0; i < DEPTH; i++) value = { k: value };
    const build = performance.now() - started;
    started = performance.now();
    const normalized = normalizeResult(value);
    const normalize = performance.now() - started;
    started = performance.now();
    const content = toChatMessageContent(normalized);
    const render = performance.now() - started;
    return {
      depth: DEPTH,
      typescript: {
        build_s: Number((build / 1000).toFixed(3)),
        normalize_s: Number((normalize / 1000).toFixed(3)),
        render_s: Number((render / 1000).toFixed(3)),
        content_chars: content.length,
        render_per_normalize: Number((render / normalize).toFixed(2)),
      },
      python: await runPythonBench('deep'),
      target_render_per_normalize: 2,
      target_typescript_render_s: 0.3,
      target_python_render_s: 1,
    };
  },
};
