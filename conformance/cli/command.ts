/** One subcommand of `agentparity`: it parses its own arguments and returns the exit code. */
export interface Command {
  readonly name: string;
  /** One line for the usage text. */
  readonly summary: string;
  run(argv: readonly string[]): Promise<number>;
}

/** Exit codes shared by every subcommand. */
export const EXIT = {
  parity: 0,
  divergence: 1,
  badInput: 2,
  participantFailed: 3,
} as const;

/** A usage or input problem: the command prints the message and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
