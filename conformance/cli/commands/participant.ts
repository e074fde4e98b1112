import { execa } from 'execa';
import { serve } from '../../serve/serve.js';
import { pythonParticipantCommand } from '../../clients/participantCommands.js';
import { UsageError, type Command } from '../command.js';
import { formatHelp } from '../helpText.js';

const HELP = formatHelp({
  usage: ['participant ts|python', 'participant check PARTICIPANT [--timeout MS] [--start-timeout MS]'],
  about:
    'Serves the participant protocol (docs/protocol.md) on standard input and output:\nts in this process, python as the Python reference participant.\n' +
    'check smoke-tests a participant (ts-process, python, or a command line in one argument): the handshake,\n' +
    'each op it lists on a sample case, a malformed request (answered errored), an unknown op (answered\nskipped) and stop.',
  options: [
    ['--timeout MS', 'check: how long each answer and the exit after stop may take (default 10000)'],
    ['--start-timeout MS', 'check: how long the start answer may take (default 30000)'],
    ['-h, --help', 'print this help and exit'],
  ],
  exits: [
    [0, 'stopped by a stop request or the end of input; check: every check passed'],
    [1, 'a fatal protocol error (an unsupported protocol version)'],
    [2, 'usage'],
    [3, 'check: the participant failed a check'],
    [4, 'an internal harness error'],
  ],
});

// `participant ts` serves in this process; `participant python` hands its stdio to the Python participant.
export const participantCommand: Command = {
  help: () => HELP,
  async run(argv) {
    if (argv[0] === 'check') return (await import('./participantCheck.js')).runCheck(argv.slice(1), HELP);
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
