import { availableParallelism } from 'node:os';

/** A figure a benchmark prints and the value it should reach. */
export interface Target {
  /** The benchmark and the path to the figure inside its figures. */
  readonly figure: readonly string[];
  readonly target: number;
  /** `at-most` for a time or a ratio of times, `at-least` for a rate. */
  readonly kind: 'at-most' | 'at-least';
  /**
   * For a figure of two members per participant: the speed-up over one member that the target
   * assumes. The two participants' pools share the cores, so on C cores two members can be at most
   * C / 2 times as fast as one, and the target is scaled down to that.
   */
  readonly speedup?: number;
}

/** The participants whose pools share the cores in the `fuzz-jobs` figures (ts and python). */
const SHARERS = 2;

/** Every target `bench` prints a figure against, by benchmark. */
export const TARGETS: readonly Target[] = [
  { figure: ['conformance-suite', 'suite', 'median_s'], target: 1.5, kind: 'at-most' },
  { figure: ['conformance-suite', 'one_case', 'median_s'], target: 0.8, kind: 'at-most' },
  { figure: ['conformance-suite', 'help', 'median_s'], target: 0.2, kind: 'at-most' },
  { figure: ['conformance-suite', 'version', 'median_s'], target: 0.2, kind: 'at-most' },
  { figure: ['normalize-deep', 'typescript', 'render_s'], target: 0.3, kind: 'at-most' },
  { figure: ['normalize-deep', 'typescript', 'render_per_normalize'], target: 2, kind: 'at-most' },
  { figure: ['normalize-deep', 'python', 'render_s'], target: 1, kind: 'at-most' },
  { figure: ['normalize-deep', 'python', 'render_per_normalize'], target: 2, kind: 'at-most' },
  { figure: ['normalize-tree', 'typescript', 'ratio'], target: 2, kind: 'at-most' },
  { figure: ['normalize-tree', 'python', 'ratio'], target: 3, kind: 'at-most' },
  { figure: ['fuzz-schema', 'values_per_second'], target: 250, kind: 'at-least' },
  { figure: ['fuzz-normalize', 'cases_per_second'], target: 5000, kind: 'at-least' },
  { figure: ['fuzz-jobs', 'schema', 'jobs_1_per_second'], target: 250, kind: 'at-least' },
  { figure: ['fuzz-jobs', 'schema', 'jobs_2_per_second'], target: 375, kind: 'at-least', speedup: 1.5 },
  { figure: ['fuzz-jobs', 'schema', 'jobs_2_over_1'], target: 1.5, kind: 'at-least', speedup: 1.5 },
  { figure: ['fuzz-jobs', 'normalize', 'jobs_1_per_second'], target: 5000, kind: 'at-least' },
  { figure: ['fuzz-jobs', 'normalize', 'jobs_2_per_second'], target: 6500, kind: 'at-least', speedup: 1.3 },
  { figure: ['fuzz-jobs', 'normalize', 'jobs_2_over_1'], target: 1.3, kind: 'at-least', speedup: 1.3 },
  { figure: ['dispatch-batch', 'typescript', 'batched_over_single'], target: 1.5, kind: 'at-most' },
  { figure: ['participantThroughput', 'fixtures', 'longLivedOverSpawnRatio'], target: 50, kind: 'at-least' },
];

/** How far a figure may miss its target before `bench --check` fails: 30%. */
export const CHECK_SLACK = 0.3;

/** One figure against its target: `value` is null when the benchmark did not print it (it failed or was not run). */
export interface TargetRow {
  readonly figure: string;
  readonly value: number | null;
  readonly target: number;
  readonly kind: Target['kind'];
  readonly met: boolean;
  /** Missed by more than {@link CHECK_SLACK}: what `bench --check` fails on. */
  readonly fails_check: boolean;
}

const figureAt = (figures: Record<string, unknown>, path: readonly string[]): number | null => {
  let at: unknown = figures;
  for (const step of path) {
    if (typeof at !== 'object' || at === null) return null;
    at = (at as Record<string, unknown>)[step];
  }
  return typeof at === 'number' ? at : null;
};

/** The target on a machine of `cores` cores. */
const targetOn = ({ target, speedup }: Target, cores: number): number =>
  speedup === undefined ? target : Number(((target * Math.min(speedup, cores / SHARERS)) / speedup).toFixed(2));

/** The targets of the benchmarks that ran, each against its figure. */
export const targetRows = (figures: Record<string, unknown>, cores = availableParallelism()): TargetRow[] =>
  TARGETS.filter(({ figure }) => figure[0]! in figures).map((row) => {
    const { figure, kind } = row;
    const target = targetOn(row, cores);
    const value = figureAt(figures, figure);
    const met = value !== null && (kind === 'at-most' ? value <= target : value >= target);
    const failsCheck = value !== null && (kind === 'at-most' ? value > target * (1 + CHECK_SLACK) : value < target * (1 - CHECK_SLACK));
    return { figure: figure.join('.'), value, target, kind, met, fails_check: failsCheck };
  });
