import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import { pythonExecutable } from '../clients/participantCommands.js';
import { UsageError } from './command.js';

// What a run reads or starts, checked before its first case: a run that cannot read one of its
// inputs, or start one of its programs, is refused at once rather than after every other case.

/** Whether a file can be run. */
const runnable = (path: string): boolean => {
  try {
    return statSync(path).isFile() && (accessSync(path, constants.X_OK), true);
  } catch {
    return false;
  }
};

/** Where a program is: the path it names (from `cwd`), or the first runnable file of that name on PATH. */
export const findProgram = (file: string, cwd = process.cwd(), path = process.env['PATH'] ?? ''): string | undefined => {
  if (file.includes('/')) {
    const named = isAbsolute(file) ? file : resolve(cwd, file);
    return runnable(named) ? named : undefined;
  }
  return path
    .split(delimiter)
    .filter(Boolean)
    .map((folder) => join(folder, file))
    .find(runnable);
};

/**
 * Refuses (exit 2) a participant whose program cannot be found: a usage mistake, like a fixtures
 * folder that does not exist, and no participant failure (3), which is for a program that runs and
 * then does not start, crashes, hangs or answers garbage. `ts` runs in the harness.
 */
export const checkParticipantPrograms = async (specs: readonly string[]): Promise<void> => {
  for (const spec of specs) {
    if (spec === 'ts' || spec === 'ts-process') continue;
    // Split as the participant client splits it, loaded only for a command (it costs a start-up).
    const file = spec === 'python' ? pythonExecutable() : (await import('../clients/openParticipant.js')).participantCommandLine(spec).file;
    if (findProgram(file) !== undefined) continue;
    const where = file.includes('/') ? 'no runnable file of that path' : 'not found on PATH';
    const hint = spec === 'python' ? ' (set AGENTPARITY_PYTHON to the Python interpreter to use)' : '';
    throw new UsageError(`--participant ${JSON.stringify(spec)}: cannot run ${file}: ${where}${hint}; no case was run`);
  }
};

/** Refuses (exit 2) a `--fixtures` folder that does not exist or is no folder. */
export const checkFixtureFolders = (roots: readonly string[]): void => {
  for (const root of roots) {
    let folder: boolean;
    try {
      folder = statSync(root).isDirectory();
    } catch {
      throw new UsageError(`--fixtures ${root}: no such folder; no case was run`);
    }
    if (!folder) throw new UsageError(`--fixtures ${root}: not a folder; no case was run`);
  }
};

/** Refuses (exit 2) a file to write at the end of the run whose folder does not exist or is no folder. */
export const checkOutputFolder = (flag: string, file: string): void => {
  const folder = dirname(file);
  let isFolder: boolean;
  try {
    isFolder = statSync(folder).isDirectory();
  } catch {
    throw new UsageError(`${flag} ${file}: its folder ${folder} does not exist; no case was run`);
  }
  if (!isFolder) throw new UsageError(`${flag} ${file}: ${folder} is not a folder; no case was run`);
  let fileIsFolder = false;
  try {
    fileIsFolder = statSync(file).isDirectory();
  } catch {
    // Not there yet: the run writes it.
  }
  if (fileIsFolder) throw new UsageError(`${flag} ${file}: a folder, not a file; no case was run`);
};
