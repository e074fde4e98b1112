import { packageVersion } from '../packageVersion.js';
import { EXIT, UsageError } from './command.js';
import { commands } from './commands/index.js';
import { wantsHelp } from './helpText.js';

const usage = (): string =>
  [
    'usage: agentparity <command> [options] [--debug]',
    '       agentparity <command> --help',
    '       agentparity --version',
    '',
    'commands:',
    ...commands.map((c) => `  ${c.name.padEnd(12)} ${c.summary}`),
    '',
    'exit codes: 0 parity, 1 divergence, 2 bad input or usage, 3 a participant failed, 4 an internal harness error',
    '(each command lists its own under --help; --debug, or AGENTPARITY_DEBUG set, prints the stack of an internal error)',
    '',
  ].join('\n');

/** Where an error was raised: the first frame of its stack, when it has one. */
const raisedAt = (error: Error): string | undefined => error.stack?.split('\n').find((line) => line.trimStart().startsWith('at '))?.trim();

const describeInternalError = (command: string, error: unknown, debug: boolean): string => {
  const failure = error instanceof Error ? error : new Error(String(error));
  const at = raisedAt(failure);
  const line = `agentparity ${command}: internal error: ${failure.message.split('\n')[0]}${at ? ` (${at})` : ''}${debug ? '' : '; --debug prints the stack'}\n`;
  return debug ? `${line}${failure.stack ?? failure.message}\n` : line;
};

/**
 * Makes an error no promise awaits (an unhandled rejection, an uncaught exception) exit 4 with
 * one line, as one that escapes a command does, instead of Node's default exit 1.
 */
export const exitOnCrash = (argv: readonly string[]): void => {
  const debug = argv.includes('--debug') || process.env['AGENTPARITY_DEBUG'] !== undefined;
  const crash = (error: unknown): void => {
    process.stderr.write(describeInternalError(argv[0] ?? '', error, debug));
    process.exit(EXIT.internalError);
  };
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);
};

/**
 * The `agentparity` command: finds the subcommand and returns the process exit code. An error
 * that escapes a command is the harness's own fault, never a divergence: one line naming it and
 * exit 4 (`--debug`, anywhere before a `--`, prints the stack).
 */
export const main = async (argv: readonly string[]): Promise<number> => {
  const end = argv.indexOf('--');
  const head = end === -1 ? argv : argv.slice(0, end);
  const debug = head.includes('--debug') || process.env['AGENTPARITY_DEBUG'] !== undefined;
  const [name, ...rest] = debug ? [...head.filter((a) => a !== '--debug'), ...(end === -1 ? [] : argv.slice(end))] : argv;
  if (name === undefined || name === '--help' || name === '-h') {
    (name === undefined ? process.stderr : process.stdout).write(usage());
    return name === undefined ? EXIT.badInput : EXIT.parity;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${packageVersion()}\n`);
    return EXIT.parity;
  }
  const entry = commands.find((c) => c.name === name);
  if (!entry) {
    process.stderr.write(`agentparity: unknown command '${name}'\n${usage()}`);
    return EXIT.badInput;
  }
  const release = wantsHelp(rest) ? undefined : await entry.prepare?.(rest);
  try {
    const command = await entry.load();
    if (wantsHelp(rest)) {
      process.stdout.write(await command.help(rest));
      return EXIT.parity;
    }
    return await command.run(rest);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`agentparity ${name}: ${error.message}\n`);
      return EXIT.badInput;
    }
    // Exit 1 means a divergence: a fault of the harness itself must never look like one.
    process.stderr.write(describeInternalError(name, error, debug));
    return EXIT.internalError;
  } finally {
    await release?.();
  }
};
