import { packageVersion } from '../packageVersion.js';
import { EXIT, UsageError } from './command.js';
import { commands } from './commands/index.js';
import { wantsHelp } from './helpText.js';

const usage = (): string =>
  [
    'usage: agentparity <command> [options]',
    '       agentparity <command> --help',
    '       agentparity --version',
    '',
    'commands:',
    ...commands.map((c) => `  ${c.name.padEnd(12)} ${c.summary}`),
    '',
    'exit codes: 0 parity, 1 divergence, 2 bad input or usage, 3 a participant failed, 4 an internal harness error',
    '(each command lists its own under --help)',
    '',
  ].join('\n');

/** The `agentparity` command: finds the subcommand and returns the process exit code. */
export const main = async (argv: readonly string[]): Promise<number> => {
  const [name, ...rest] = argv;
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
    process.stderr.write(`agentparity ${name}: internal error: ${(error as Error).message ?? String(error)}\n`);
    if (process.env['AGENTPARITY_DEBUG'] !== undefined) process.stderr.write(`${(error as Error).stack ?? ''}\n`);
    return EXIT.internalError;
  }
};
