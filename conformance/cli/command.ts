/** One subcommand of `agentparity` (named in `commands/index.ts`): it parses its own arguments and returns the exit code. */
export interface Command {
  run(argv: readonly string[]): Promise<number>;
  /** What `--help` prints for these arguments (a subcommand's own text, when they name one); it does no work. */
  help(argv: readonly string[]): string | Promise<string>;
}

/** Exit codes shared by every subcommand. */
export const EXIT = {
  parity: 0,
  divergence: 1,
  badInput: 2,
  participantFailed: 3,
  internalError: 4,
} as const;

/** A usage or input problem: the command prints the message and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
