import { join } from 'node:path';
import type { ParticipantOptions } from '../clients/participant.js';
import { packageRoot } from '../packageRoot.js';
import { isReporterName, type ReporterName } from '../report/reporters.js';
import { UsageError } from './command.js';
import { configArguments } from './configFile.js';
import type { RuleName } from '../compare/equivalenceRules.js';
import { JOBS_OPTION, readJobs } from './jobsOption.js';
import { PARTICIPANT_OPTIONS, readParticipantSpecs } from './participantOptions.js';
import { readDuration } from './duration.js';
import { parseOptions, readMilliseconds } from './parseOptions.js';
import { readShard, type Shard } from '../fixtures/selectCases.js';

export interface ReporterTarget {
  readonly reporter: ReporterName;
  /** Where to write; undefined is stdout. */
  readonly file?: string;
}

/** The conformance command's options, checked and defaulted. */
export interface ConformanceOptions {
  /** Fixture folders, in order; their cases run together. */
  readonly fixtures: readonly string[];
  readonly filters: readonly string[];
  readonly exclude: readonly string[];
  readonly shard?: Shard;
  /** Print the selected case ids with their files and run nothing. */
  readonly list: boolean;
  /** Stop once this many cases are problems (divergent, errored, unchecked). */
  readonly bail?: number;
  /** Write every divergent case of the run to this known-divergence file. */
  readonly writeKnownDivergences?: string;
  readonly reporters: readonly ReporterTarget[];
  /** Participant specs, in run order: `ts`, `ts-process`, `python` or a command line. */
  readonly participants: readonly string[];
  /** Undefined: `python` when it runs (see `run/chooseReference.ts`). */
  readonly reference?: string;
  readonly allowUnchecked: boolean;
  /** Equivalence rules turned off. */
  readonly strict: ReadonlySet<RuleName>;
  readonly knownDivergences?: string;
  readonly validateProtocol: boolean;
  readonly timeoutMs?: number;
  /** How many copies of each participant share the cases (`--jobs`); undefined: see `poolSize`. */
  readonly jobs?: number;
  /** `--deadline`: the run stops after this long and writes its partial report (exit 3). */
  readonly deadlineMs?: number;
  /** The console reporter prints a row for every case. */
  readonly verbose: boolean;
  readonly help: boolean;
}

export const DEFAULT_PARTICIPANTS = ['ts', 'python'] as const;

export const conformanceUsage = `usage: agentparity conformance [options]

Runs every fixture case on every participant, compares each result with the case's expect and
with the reference participant's, and reports.

options:
  --filter X                 only cases of an area (schema), or whose id starts with X beyond it (repeatable)
  --exclude X                leave out the cases --filter X would select (repeatable)
  --shard I/N                only the I-th of N shards (a stable split by case id; 1/N..N/N cover every case once)
  --list                     print the case ids the run would execute, each with its file and line, and run nothing
  --bail [N]                 stop after N problem cases (divergent, errored or unchecked; default 1)
  --reporter NAME[=FILE]     console, json, junit or markdown, to stdout or FILE (repeatable)
  --verbose                  the console reporter prints a row for every case, not a line per area
  --participant CMD          add a participant: ts, ts-process, python or a command line (repeatable)
  --only SPEC                run only these participants instead of ts and python (repeatable)
  --reference NAME           the participant others are compared with (default python; it must run)
  --allow-unchecked          a case with no expect that no second participant answered does not fail the run
  --strict RULE              turn an equivalence rule off (repeatable), or all: js-number, key-order,
                             float-spelling, escaping, spacing, type-names, shown-inputs
  --known-divergences FILE   expected divergences: YAML list of {id, participant, reason, issue?}
  --write-known-divergences FILE
                             write every divergent case to FILE with a placeholder reason, which the run
                             refuses (exit 2) until a person writes the reason in
  --validate-protocol        check every message both ways against the protocol schema
  --timeout MS               per-case timeout: MS (default 10000) plus 1 ms per kB of the case's request
  --jobs N                   run N copies of each participant, the cases spread over them by their order
                             (ts then runs on worker threads; default: the cores shared among the
                             participants, at most 8, one per 500 cases); the report is the same for any N
  --deadline DURATION        stop the run after DURATION (90s, 5m, 1500ms), write the partial report
                             (answered cases, the rest not_run) and exit 3; SIGINT and SIGTERM do the
                             same, and a second SIGINT exits 3 at once
  --fixtures DIR             a fixtures folder (default: the bundled fixtures; repeatable)
  --debug                    on an internal error (exit 4), print its stack

Every option can be given in agentparity.config.yaml (or .yml, .json) in the working directory,
under conformance: with its long name (fixtures: [a, b], bail: 3, allow-unchecked: true); an
option given on the command line replaces the file's.
  -h, --help                 print this help and exit

exit codes (when several apply: 2, then 3, then 2 for unchecked, then 1):
  0  parity: every case agreed
  1  divergence: two participants, or a participant and an expect, decided differently
  2  bad input or usage, a --reference that names no participant, or (unless --allow-unchecked)
     a case nothing checked: no expect, and no second participant answered it
  3  a participant failed (did not start, crashed, hung or answered garbage), or the run was
     interrupted (SIGINT, SIGTERM, --deadline) and its report is partial
  4  an internal harness error
`;

/**
 * Requests a process participant may have in flight in a conformance run: about a whole bundled
 * suite, so that it works through its cases while the harness runs the in-process ones, instead of
 * waiting for the harness to read 64 answers before it gets more (the Python participant waited
 * for requests for a third of the run). A participant that crashes with many in flight has them
 * sent again one at a time, as with any window.
 */
const CONFORMANCE_WINDOW = 1024;

/**
 * The options every participant of a conformance run is opened with. The in-process `ts` runs in
 * direct mode, as under fuzzing: a case whose text would read back as it is reaches the op
 * unwritten, which spared about a tenth of the suite's CPU, spent writing and re-reading each request
 * (the 100,000-deep results most); `--validate-protocol` keeps the whole round trip.
 */
export const runParticipantOptions = (options: ConformanceOptions): ParticipantOptions => ({
  validateProtocol: options.validateProtocol,
  direct: true,
  window: CONFORMANCE_WINDOW,
  ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
});

export const reporterTarget = (value: string): ReporterTarget => {
  const [name, ...rest] = value.split('=');
  const file = rest.join('=');
  if (name === undefined || !isReporterName(name)) throw new UsageError(`unknown reporter ${JSON.stringify(name)}: use console, json, junit or markdown`);
  if (rest.length > 0 && file === '') throw new UsageError(`--reporter ${name}= needs a file name`);
  return rest.length > 0 ? { reporter: name, file } : { reporter: name };
};

// `--bail` takes an optional count, which util.parseArgs cannot say: a bare one becomes `--bail=1`.
const bailValue = (argv: readonly string[]): string[] => {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const next = argv[i + 1];
    if (argv[i] !== '--bail') out.push(argv[i]!);
    else if (next !== undefined && /^\d+$/.test(next)) out.push(`--bail=${next}`), i++;
    else out.push('--bail=1');
  }
  return out;
};

const readBail = (value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`--bail takes a whole number of at least 1, not ${JSON.stringify(value)}`);
  return n;
};

const CONFORMANCE_OPTIONS = {
  filter: { type: 'string', multiple: true },
  exclude: { type: 'string', multiple: true },
  shard: { type: 'string' },
  list: { type: 'boolean' },
  bail: { type: 'string' },
  'write-known-divergences': { type: 'string' },
  reporter: { type: 'string', multiple: true },
  ...PARTICIPANT_OPTIONS,
  'allow-unchecked': { type: 'boolean' },
  'known-divergences': { type: 'string' },
  'validate-protocol': { type: 'boolean' },
  timeout: { type: 'string' },
  ...JOBS_OPTION,
  deadline: { type: 'string' },
  fixtures: { type: 'string', multiple: true },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export const readConformanceOptions = (argv: readonly string[]): ConformanceOptions => {
  const { values } = parseOptions([...configArguments('conformance', argv, CONFORMANCE_OPTIONS), ...bailValue(argv)], CONFORMANCE_OPTIONS);
  const reporters = (values.reporter ?? ['console']).map(reporterTarget);
  if (reporters.filter((r) => r.file === undefined).length > 1) throw new UsageError('only one reporter can write to stdout; give the others a file (--reporter junit=report.xml)');
  const { participants, reference, strict } = readParticipantSpecs(values, DEFAULT_PARTICIPANTS);
  const timeoutMs = readMilliseconds('timeout', values.timeout);
  const deadlineMs = readDuration('deadline', values.deadline);
  const shard = readShard(values.shard);
  const bail = readBail(values.bail);
  const jobs = readJobs(values.jobs);
  return {
    fixtures: values.fixtures ?? [join(packageRoot(), 'fixtures')],
    filters: values.filter ?? [],
    exclude: values.exclude ?? [],
    ...(shard === undefined ? {} : { shard }),
    list: values.list ?? false,
    ...(bail === undefined ? {} : { bail }),
    ...(values['write-known-divergences'] === undefined ? {} : { writeKnownDivergences: values['write-known-divergences'] }),
    reporters,
    participants,
    ...(reference === undefined ? {} : { reference }),
    allowUnchecked: values['allow-unchecked'] ?? false,
    strict,
    ...(values['known-divergences'] === undefined ? {} : { knownDivergences: values['known-divergences'] }),
    validateProtocol: values['validate-protocol'] ?? false,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(jobs === undefined ? {} : { jobs }),
    ...(deadlineMs === undefined ? {} : { deadlineMs }),
    verbose: values.verbose ?? false,
    help: values.help ?? false,
  };
};
