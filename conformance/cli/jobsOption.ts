import { availableParallelism } from 'node:os';
import { UsageError } from './command.js';

/** The most members a participant's pool has unless `--jobs` says. */
export const MAX_DEFAULT_JOBS = 8;

// By default the cores are shared among the participants, whose pools already run side by side,
// and a pool has a member per this many cases, since a member costs a start-up (a Python process
// imports pydantic, a worker thread loads the runtime) that few cases do not repay. With ts and
// python on 2 cores, a second member of each made the bundled suite take 1.3 times as long (2.8 s
// against 2.1 s wall, median of 7 paired runs).
const CASES_PER_DEFAULT_MEMBER = 500;

/** The `util.parseArgs` option, shared by `conformance` and `fuzz`. */
export const JOBS_OPTION = { jobs: { type: 'string' } } as const;

export const JOBS_HELP: [string, string] = [
  '--jobs N',
  `run N copies of each participant, the cases spread over them (default: the cores shared among the participants, at most ${MAX_DEFAULT_JOBS}, and one per ${CASES_PER_DEFAULT_MEMBER} cases)`,
];

export const readJobs = (value: string | undefined): number | undefined => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`--jobs takes a whole number of at least 1, not ${JSON.stringify(value)}`);
  return n;
};

/** How many copies of each of `participants` participants run `cases` cases: `--jobs` as given, else the default. */
export const poolSize = (jobs: number | undefined, cases: number, participants: number, cores = availableParallelism()): number =>
  jobs ?? Math.max(1, Math.min(Math.floor(cores / Math.max(1, participants)), MAX_DEFAULT_JOBS, Math.ceil(cases / CASES_PER_DEFAULT_MEMBER)));
