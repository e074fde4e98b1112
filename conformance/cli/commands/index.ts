import type { Command } from '../command.js';

/** A subcommand as the usage text lists it; its module is loaded only when it runs. */
export interface CommandEntry {
  readonly name: string;
  /** One line for the usage text. */
  readonly summary: string;
  load(): Promise<Command>;
  /**
   * Work started before the module loads, given the command's arguments (not for `--help`);
   * what it returns is called once the command has run, to release what the command left.
   */
  prepare?(argv: readonly string[]): Promise<() => Promise<void>>;
}

// Loading a command's module loads what it runs (the whole runtime, for most), so `--help` and
// the fuzzer's early start of the Python participant do not wait for the modules of the others.
/** Every subcommand, in the order the usage text lists them. */
export const commands: readonly CommandEntry[] = [
  {
    name: 'conformance',
    summary: 'run the fixtures on every participant and report parity',
    load: async () => (await import('./conformance.js')).conformanceCommand,
    prepare: async (argv) => (await import('./conformanceEarly.js')).prepareConformance(argv),
  },
  { name: 'report', summary: 'merge saved JSON reports (shards, or runs of other participants) and render them: report FILE... [--reporter ...]', load: async () => (await import('./report.js')).reportCommand },
  { name: 'fuzz', summary: 'differential fuzzing of ts against python: fuzz <target> [--runs N] [--seed S] [--path P]', load: async () => (await import('./fuzz.js')).fuzzCommand },
  { name: 'schema', summary: "print the input-schema text derived from a declaration's root model: schema FILE [--impl ts|python]", load: async () => (await import('./schema.js')).schemaCommand },
  { name: 'normalize', summary: 'normalize one encoded value and print its JSON and content: normalize [FILE|-] [--impl ts|python] [--result-type DECLARATION]', load: async () => (await import('./normalize.js')).normalizeCommand },
  { name: 'plan', summary: 'build a plan from a YAML agents document, or compare two plans: plan build|diff ...', load: async () => (await import('./plan.js')).planCommand },
  { name: 'participant', summary: 'serve the participant protocol on stdin/stdout: participant ts|python', load: async () => (await import('./participant.js')).participantCommand },
  { name: 'bench', summary: 'run the benchmarks and print their figures as JSON', load: async () => (await import('./bench.js')).benchCommand },
];
