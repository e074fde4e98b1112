import { basename, delimiter, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCommandString } from 'execa';
import { packageRoot, runningFromSource } from '../packageRoot.js';
import { InProcessParticipant } from './inProcessParticipant.js';
import type { Participant, ParticipantOptions } from './participant.js';
import type { CommandLine } from './participantProcess.js';
import { ProcessParticipant } from './processParticipant.js';

/** The participants the harness knows by name; anything else is a command line. */
export const BUILTIN_PARTICIPANTS = ['ts', 'ts-process', 'python'] as const;

/** The Python interpreter: `AGENTPARITY_PYTHON`, else `python3` from PATH. */
export const pythonExecutable = (): string => process.env['AGENTPARITY_PYTHON'] ?? 'python3';

/** The Python reference participant, importable from the package's own `python-ref/`. */
export const pythonParticipantCommand = (): CommandLine => {
  const pythonPath = [join(packageRoot(), 'python-ref'), process.env['PYTHONPATH']].filter(Boolean).join(delimiter);
  return { file: pythonExecutable(), args: ['-m', 'agentparity_ref.participant'], env: { ...process.env, PYTHONPATH: pythonPath } as Record<string, string> };
};

/** The TypeScript participant as a process: compiled when the harness is, from source (through tsx) otherwise. */
export const tsParticipantCommand = (): CommandLine => {
  if (!runningFromSource()) return { file: process.execPath, args: [fileURLToPath(new URL('../participant/main.js', import.meta.url))] };
  return {
    file: process.execPath,
    args: ['--import', import.meta.resolve('tsx'), fileURLToPath(new URL('../participant/main.ts', import.meta.url))],
  };
};

/** What a command participant is called until its start reply names it: its script's base name. */
const nameFromCommand = (argv: readonly string[]): string => {
  const script = [...argv].reverse().find((arg) => !arg.startsWith('-')) ?? argv[0] ?? 'participant';
  return basename(script, extname(script));
};

/**
 * A participant from its spec: `ts` (in-process), `ts-process`, `python`, or a command line
 * (split on spaces, as execa's `parseCommandString` does: escape a space with a backslash).
 */
export const openParticipant = (spec: string, options: ParticipantOptions = {}): Participant => {
  switch (spec) {
    case 'ts':
      return new InProcessParticipant(options);
    case 'ts-process':
      return new ProcessParticipant(tsParticipantCommand(), 'ts-process', { name: 'ts-process', ...options });
    case 'python':
      return new ProcessParticipant(pythonParticipantCommand(), 'python', { name: 'python', ...options });
    default: {
      const argv = parseCommandString(spec.trim());
      const [file, ...args] = argv;
      if (file === undefined) throw new Error('a participant command must not be empty');
      return new ProcessParticipant({ file, args }, nameFromCommand(argv), options);
    }
  }
};
