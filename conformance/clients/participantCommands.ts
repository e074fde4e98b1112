// The command lines of the built-in process participants, apart from the participant classes, so
// that a caller can spawn one before the TypeScript runtime is loaded.
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageRoot, runningFromSource } from '../packageRoot.js';
import type { CommandLine } from './participantProcess.js';
import type { ThreadLaunch } from './participantThread.js';

/** The Python interpreter: `AGENTPARITY_PYTHON`, else `python3` from PATH. */
export const pythonExecutable = (): string => process.env['AGENTPARITY_PYTHON'] ?? 'python3';

/** The Python reference participant, importable from the package's own `python-ref/`. */
export const pythonParticipantCommand = (): CommandLine => {
  const pythonPath = [join(packageRoot(), 'python-ref'), process.env['PYTHONPATH']].filter(Boolean).join(delimiter);
  return { file: pythonExecutable(), args: ['-m', 'agentparity_ref.participant'], env: { ...process.env, PYTHONPATH: pythonPath } as Record<string, string> };
};

/**
 * The environment of a participant given as a command: the harness's own, with the package's
 * `python-ref/` after whatever `PYTHONPATH` says, so that `python3 -m agentparity_ref.participant`
 * or an adapter built on `agentparity_ref.kit` imports from any directory, and a package of the
 * user's own on `PYTHONPATH` still wins.
 */
export const commandParticipantEnv = (): Record<string, string> => {
  const pythonPath = [process.env['PYTHONPATH'], join(packageRoot(), 'python-ref')].filter(Boolean).join(delimiter);
  return { ...process.env, PYTHONPATH: pythonPath } as Record<string, string>;
};

/** The TypeScript participant as a process: compiled when the harness is, from source (through tsx) otherwise. */
export const tsParticipantCommand = (): CommandLine => {
  if (!runningFromSource()) return { file: process.execPath, args: [fileURLToPath(new URL('../serve/main.js', import.meta.url))] };
  return {
    file: process.execPath,
    args: ['--import', import.meta.resolve('tsx'), fileURLToPath(new URL('../serve/main.ts', import.meta.url))],
  };
};

/** The TypeScript participant on a worker thread of the harness (`--jobs N` with `ts`). */
export const tsParticipantThread = (): ThreadLaunch => ({ thread: new URL(runningFromSource() ? '../serve/thread.ts' : '../serve/thread.js', import.meta.url).href });
