import { execa } from 'execa';
import { join } from 'node:path';
import { packageRoot } from '../conformance/packageRoot.js';
import type { Benchmark } from './index.js';

const RUNS = 5;

/** The median wall time of `RUNS` runs of the command, after one run not counted; each must exit 0. */
const medianSeconds = async (args: readonly string[]): Promise<{ readonly median_s: number; readonly runs_s: number[] }> => {
  const bin = join(packageRoot(), 'bin', 'agentparity.js');
  const times: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const started = performance.now();
    const child = await execa(process.execPath, [bin, ...args], { stdin: 'ignore', reject: false });
    const seconds = (performance.now() - started) / 1000;
    if (child.exitCode !== 0) throw new Error(`agentparity ${args.join(' ')} exited ${child.exitCode}: ${child.stderr.split('\n').slice(-2).join(' ')}`);
    if (run > 0) times.push(Number(seconds.toFixed(3)));
  }
  return { median_s: [...times].sort((a, b) => a - b)[Math.floor(RUNS / 2)]!, runs_s: times };
};

/**
 * What a user waits for, as whole processes: the bundled suite (`agentparity conformance`), one
 * case (`--filter schema/basics/review`), `agentparity --help` and `agentparity --version`; the
 * median of five runs each (targets 1.5 s, 0.8 s, 0.2 s and 0.2 s).
 */
export const conformanceSuiteBenchmark: Benchmark = {
  name: 'conformance-suite',
  async run() {
    const suite = await medianSeconds(['conformance']);
    const oneCase = await medianSeconds(['conformance', '--filter', 'schema/basics/review']);
    const help = await medianSeconds(['--help']);
    const version = await medianSeconds(['--version']);
    return {
      suite: { ...suite, target_s: 1.5 },
      one_case: { ...oneCase, target_s: 0.8 },
      help: { ...help, target_s: 0.2 },
      version: { ...version, target_s: 0.2 },
    };
  },
};
