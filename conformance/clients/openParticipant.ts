import { basename, extname } from 'node:path';
import { parseCommandString } from 'execa';
import { InProcessParticipant } from './inProcessParticipant.js';
import type { Participant, ParticipantOptions } from './participant.js';
import { commandParticipantEnv, pythonParticipantCommand, tsParticipantCommand } from './participantCommands.js';
import { ProcessParticipant } from './processParticipant.js';

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
      return new ProcessParticipant({ file, args, env: commandParticipantEnv() }, nameFromCommand(argv), options);
    }
  }
};
