import { execa } from 'execa';
import { delimiter, join } from 'node:path';
import { packageRoot } from '../conformance/packageRoot.js';
import { pythonExecutable } from '../conformance/clients/participantCommands.js';

/** Runs one figure set of python-ref/bench/normalize_bench.py and returns the JSON it prints. */
export const runPythonBench = async (which: 'tree' | 'deep'): Promise<Record<string, unknown>> => {
  const root = packageRoot();
  const pythonPath = [join(root, 'python-ref'), process.env['PYTHONPATH']].filter(Boolean).join(delimiter);
  const { stdout } = await execa(pythonExecutable(), [join(root, 'python-ref', 'bench', 'normalize_bench.py'), which], {
    env: { PYTHONPATH: pythonPath },
  });
  return JSON.parse(stdout) as Record<string, unknown>;
};
