import { basename, extname } from 'node:path';
import { claimPython } from './earlyParticipants.js';
import { InProcessParticipant } from './inProcessParticipant.js';
import type { Participant, ParticipantOptions } from './participant.js';
import { commandParticipantEnv, pythonParticipantCommand, tsParticipantCommand, tsParticipantThread } from './participantCommands.js';
import { ParticipantPool } from './participantPool.js';
import type { CommandLine } from './participantProcess.js';
import { ProcessParticipant } from './processParticipant.js';
import { splitCommand as splitWords } from './splitCommand.js';

/** What a command participant is called until its start reply names it: its script's base name. */
const nameFromCommand = (argv: readonly string[]): string => {
  const script = [...argv].reverse().find((arg) => !arg.startsWith('-')) ?? argv[0] ?? 'participant';
  return basename(script, extname(script));
};

/** A command line split into words (a backslash escapes a space); an empty one is refused. */
const splitCommand = (spec: string): string[] => {
  const argv = splitWords(spec);
  if (argv[0] === undefined) throw new Error('a participant command must not be empty');
  return argv;
};

/** The process a participant spec runs: `ts` and `ts-process` the TypeScript participant, `python`, or the command line. */
export const participantCommandLine = (spec: string): CommandLine => {
  if (spec === 'ts' || spec === 'ts-process') return tsParticipantCommand();
  if (spec === 'python') return pythonParticipantCommand();
  const [file, ...args] = splitCommand(spec);
  return { file: file!, args, env: commandParticipantEnv() };
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
      return claimPython(options) ?? new ProcessParticipant(pythonParticipantCommand(), 'python', { name: 'python', ...options });
    default:
      return new ProcessParticipant(participantCommandLine(spec), nameFromCommand(splitCommand(spec)), options);
  }
};

/**
 * `size` copies of a participant working as one (`--jobs`); one is the participant itself. The
 * in-process `ts` is then served on worker threads, each a member with its own pipeline.
 */
export const openPooledParticipant = (spec: string, options: ParticipantOptions, size: number): Participant => {
  if (size <= 1) return openParticipant(spec, options);
  const member = (): Participant => (spec === 'ts' ? new ProcessParticipant(tsParticipantThread(), 'ts', { name: 'ts', ...options }) : openParticipant(spec, options));
  return new ParticipantPool(Array.from({ length: size }, member));
};
