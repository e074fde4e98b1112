import { EXIT, UsageError } from './command.js';
import { commands } from './commands/index.js';

const usage = (): string =>
  ['usage: agentparity <command> [options]', '', 'commands:', ...commands.map((c) => `  ${c.name.padEnd(12)} ${c.summary}`)].join('\n');

/** The `agentparity` command: finds the subcommand and returns the process exit code. */
export const main = async (argv: readonly string[]): Promise<number> => {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h') {
    process.stdout.write(`${usage()}\n`);
    return name === undefined ? EXIT.badInput : EXIT.parity;
  }
  const entry = commands.find((c) => c.name === name);
  if (!entry) {
    process.stderr.write(`agentparity: unknown command '${name}'\n${usage()}\n`);
    return EXIT.badInput;
  }
  try {
    return await (await entry.load()).run(rest);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`agentparity ${name}: ${error.message}\n`);
      return EXIT.badInput;
    }
    throw error;
  }
};
