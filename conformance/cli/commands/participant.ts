import { execa } from 'execa';
import { serve } from '../../serve/serve.js';
import { pythonParticipantCommand } from '../../clients/participantCommands.js';
import { UsageError, type Command } from '../command.js';
import { formatHelp } from '../helpText.js';

const HELP = formatHelp({
  usage: ['participant ts|python'],
  about: 'Serves the participant protocol (conformance/protocol.schema.json) on standard input and output:\nts in this process, python as the Python reference participant.',
  options: [['-h, --help', 'print this help and exit']],
  exits: [[0, 'stopped by a stop request or the end of input'], [1, 'a fatal protocol error (an unsupported protocol version)'], [2, 'usage'], [4, 'an internal harness error']],
});

// `participant ts` serves in this process; `participant python` hands its stdio to the Python participant.
export const participantCommand: Command = {
  help: () => HELP,
  async run(argv) {
    const [which, ...rest] = argv;
    if (rest.length > 0 || (which !== 'ts' && which !== 'python')) throw new UsageError(HELP.split('\n')[0]!);
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
