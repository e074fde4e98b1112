/** What `--help` prints for one command: usage lines, what it does, its options and its exit codes. */
export interface HelpText {
  readonly usage: readonly string[];
  readonly about: string;
  readonly options?: readonly (readonly [flag: string, meaning: string])[];
  readonly exits: readonly (readonly [code: number, meaning: string])[];
}

/** The exit codes every command that runs participants shares (docs/internals.md). */
export const RUN_EXITS = [
  [0, 'parity: every case agreed'],
  [1, 'divergence: two participants, or a participant and an expect, decided differently'],
  [2, 'bad input or usage'],
  [3, 'a participant failed (did not start, crashed, hung or answered garbage)'],
  [4, 'an internal harness error'],
] as const;

/** The last two codes, which every command can give. */
export const INTERNAL_EXITS = [
  [2, 'bad input or usage'],
  [4, 'an internal harness error'],
] as const;

const table = (rows: readonly (readonly [string, string])[]): string[] => {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`);
};

export const formatHelp = (help: HelpText): string =>
  [
    ...help.usage.map((line, i) => `${i === 0 ? 'usage: ' : '       '}agentparity ${line}`),
    '',
    help.about,
    ...(help.options && help.options.length > 0 ? ['', 'options:', ...table(help.options)] : []),
    '',
    'exit codes:',
    ...table(help.exits.map(([code, meaning]) => [String(code), meaning])),
    '',
  ].join('\n');

/** Whether the arguments ask for help (`--help` or `-h` before any `--`). */
export const wantsHelp = (argv: readonly string[]): boolean => {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some((arg) => arg === '--help' || arg === '-h');
};
