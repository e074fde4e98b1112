/** The `agentparity` command. Subcommands are added as the harness grows. */
export const main = async (argv: readonly string[]): Promise<number> => {
  process.stderr.write(`agentparity: unknown command ${argv[0] ?? '(none)'}\n`);
  return 2;
};
