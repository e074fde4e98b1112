import { execa } from 'execa';
import { serve } from '../../serve/serve.js';
import { pythonParticipantCommand } from '../../clients/participantCommands.js';
import { UsageError, type Command } from '../command.js';

// `participant ts` serves in this process; `participant python` hands its stdio to the Python participant.
export const participantCommand: Command = {
  async run(argv) {
    const [which, ...rest] = argv;
    if (rest.length > 0 || (which !== 'ts' && which !== 'python')) throw new UsageError('usage: agentparity participant ts|python');
    if (which === 'ts') {
      const code = await serve();
      process.stdin.destroy();
      return code;
    }
    const command = pythonParticipantCommand();
    const done = await execa(command.file, [...command.args], { stdio: 'inherit', env: command.env, reject: false });
    return done.exitCode ?? 1;
  },
};
