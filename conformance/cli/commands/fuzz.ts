import { ParticipantStartError, type ImplementationInfo } from '../../clients/participant.js';
import { describeBadInput } from '../../fixtures/fixtureCase.js';
import { DEFAULT_FUZZ_PARTICIPANTS, openFuzzParticipants } from '../../fuzz/fuzzParticipants.js';
import type { RegisteredTarget } from '../../fuzz/fuzzTargets.js';
import { ProgressBar } from '../../fuzz/progressBar.js';
import type { FuzzParticipant, FuzzReport } from '../../fuzz/runFuzz.js';
import { saveCounterexample } from '../../fuzz/saveCounterexample.js';
import { writeYamlFlow } from '../../fuzz/yamlFlow.js';
import { chooseReference } from '../../run/chooseReference.js';
import { loadKnownDivergences } from '../../run/knownDivergences.js';
import type { FuzzKnownEntry, InterruptedReport } from '../../report/report.js';
import { Interruption } from '../../run/interruption.js';
import { distinctNames } from '../../run/runParticipants.js';
import { pyObject } from '../../util/pyObject.js';
import { checkParticipantPrograms } from '../checkInputs.js';
import { configArguments } from '../configFile.js';
import { EXIT, UsageError, type Command } from '../command.js';
import { formatHelp, RUN_EXITS } from '../helpText.js';
import { JOBS_HELP, JOBS_OPTION, poolSize, readJobs } from '../jobsOption.js';
import { readDuration } from '../duration.js';
import { parseOptions, readMilliseconds } from '../parseOptions.js';
import { PARTICIPANT_OPTIONS, participantFlags, participantHelp, readParticipantSpecs, type ParticipantSpecs } from '../participantOptions.js';

// The targets load the whole runtime: they are imported once the Python participant is spawned.
const loadTargets = async (): Promise<readonly RegisteredTarget[]> => (await import('../../fuzz/fuzzTargets.js')).fuzzTargets;

const usage = (fuzzTargets: readonly RegisteredTarget[]): string =>
  formatHelp({
    usage: ['fuzz <target> [--runs N] [--seed S] [--path P] [--save DIR] [--timeout MS] [--deadline DURATION] [--jobs N] [--participant CMD] [--only SPEC] [--reference NAME] [--known-divergences FILE] [--json]'],
    about: [
      'Draws N values from seed S, runs each on every participant (the TypeScript and the Python',
      'one unless told otherwise), compares the reference with each other participant, and',
      'shrinks the first failure; --path P replays one failure of that seed.',
      '',
      'agentparity.config.yaml (or .yml, .json) in the working directory may give, under fuzz:,',
      'participant, only, reference, strict, known-divergences, timeout, deadline and jobs; an option',
      'given on the command line replaces the file\'s.',
      '',
      'targets:',
      ...fuzzTargets.map((t) => `  ${t.name.padEnd(12)} ${t.summary}`),
    ].join('\n'),
    options: [
      ['--runs N', 'how many values to draw (default 100)'],
      ['--seed S', 'the seed to draw from (default: a random one, printed)'],
      ['--path P', 'replay one failure: the fast-check path printed with it'],
      ['--save DIR', 'write the shrunk failure as a fixture file that --fixtures DIR loads'],
      ['--timeout MS', 'per-value timeout: MS (default 10000) plus 1 ms per kB of the request'],
      JOBS_HELP,
      ['--deadline DURATION', 'stop after DURATION (90s, 5m, 1500ms) with the values checked so far, and exit 3; SIGINT and SIGTERM do the same (a second SIGINT exits at once)'],
      ...participantHelp(DEFAULT_FUZZ_PARTICIPANTS),
      ['--known-divergences FILE', 'its fuzz entries ({fuzz, participant, answers, reason}) expect divergences where a participant answers an error of that kind: counted, not failed'],
      ['--json', 'print the result as one JSON object'],
      ['-h, --help', 'print this help and exit'],
    ],
    exits: [[0, 'no failure'], ...RUN_EXITS.slice(1, 3), [3, 'a participant failed, errored or skipped, or the run was interrupted (SIGINT, SIGTERM, --deadline) before it found a failure'], ...RUN_EXITS.slice(4)],
  });

const readInteger = (name: string, value: string | undefined, min: number): number | undefined => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min) throw new UsageError(`--${name} takes a whole number of at least ${min}, not ${JSON.stringify(value)}`);
  return n;
};

interface Run {
  readonly report: FuzzReport;
  readonly runs: number;
  readonly seconds: number;
  /** The command that replays the failure, pasteable. */
  readonly replay?: string;
  readonly saved?: string;
  readonly exitCode: number;
  /** What ended the run early, when something did. */
  readonly interrupted?: InterruptedReport;
}

const rateOf = (run: Run): number => (run.seconds > 0 ? Math.round(run.report.checked / run.seconds) : 0);

const describeRun = (run: Run): string => {
  const { report } = run;
  const failure = report.failure;
  if (failure === undefined && run.interrupted !== undefined) {
    return `fuzz ${report.target}: interrupted (${run.interrupted.message}) after ${report.checked} of ${run.runs} values from seed ${report.seed}: no failure so far\n`;
  }
  if (failure === undefined) {
    const rate = run.seconds > 0 ? ` (${run.seconds.toFixed(1)} s, ${rateOf(run)} values/s)` : '';
    const known = Object.entries(report.known).flatMap(([name, kinds]) => Object.entries(kinds).map(([kind, n]) => `  known: ${n} divergences of ${name} answering ${kind}\n`));
    return `fuzz ${report.target}: ${report.checked} values from seed ${report.seed}: no failure${rate}\n${known.join('')}`;
  }
  const c = failure.testCase;
  const shown = pyObject([['id', c.id], ['op', c.op], ['declaration', c.declaration], ['input', c.input]]);
  return [
    `fuzz ${report.target}: ${failure.verdict.status} at run ${failure.firstRun} of ${run.runs} (seed ${report.seed}), shrunk in ${failure.shrinks} steps to:`,
    `  ${writeYamlFlow(shown)}`,
    `  ${failure.verdict.detail}`,
    `replay: ${run.replay}`,
    ...(run.saved === undefined ? [] : [`saved: ${run.saved}`]),
    '',
  ].join('\n');
};

/** The `--json` object: runs, seed, failures with their replay, per-participant counts, cases/s. */
const jsonOf = (run: Run, reference: string, participants: readonly { name: string; implementation?: ImplementationInfo }[]): string => {
  const { report } = run;
  const failure = report.failure;
  const c = failure?.testCase;
  return `${JSON.stringify(
    {
      target: report.target,
      seed: report.seed,
      runs: run.runs,
      checked: report.checked,
      seconds: Number(run.seconds.toFixed(3)),
      cases_per_second: rateOf(run),
      reference,
      participants: participants.map((p) => ({
        ...p,
        ...(p.name === reference ? { reference: true } : { counts: report.counts[p.name], ...(report.known[p.name] ? { known: report.known[p.name] } : {}) }),
      })),
      ...(run.interrupted === undefined ? {} : { interrupted: run.interrupted }),
      failures:
        failure === undefined
          ? []
          : [
              {
                status: failure.verdict.status,
                detail: failure.verdict.detail,
                first_run: failure.firstRun,
                shrinks: failure.shrinks,
                path: failure.path,
                replay: run.replay,
                case: writeYamlFlow(pyObject([['id', c!.id], ['op', c!.op], ['declaration', c!.declaration], ['input', c!.input]])),
                ...(run.saved === undefined ? {} : { saved: run.saved }),
              },
            ],
      exit_code: run.exitCode,
    },
    null,
    2,
  )}\n`;
};

/** Every flag the failure's replay needs: the same target, seed, path and participants. */
const replayCommand = (target: string, seed: number, path: string, specs: ParticipantSpecs): string =>
  ['npx agentparity fuzz', target, '--seed', String(seed), '--path', path, ...participantFlags(specs)].join(' ');

/** The fuzz entries of a known-divergence file for this target, read before any participant starts. */
const readFuzzKnown = (file: string | undefined, target: string): FuzzKnownEntry[] => {
  if (file === undefined) return [];
  const loaded = loadKnownDivergences(file);
  if ('problems' in loaded) throw new UsageError(loaded.problems.map(describeBadInput).join('\n'));
  return loaded.fuzz.filter((e) => e.fuzz === target);
};

const stopAll = (participants: readonly FuzzParticipant[]): Promise<unknown> => Promise.all(participants.map((p) => p.participant.stop()));

const FUZZ_OPTIONS = {
  runs: { type: 'string' },
  seed: { type: 'string' },
  path: { type: 'string' },
  save: { type: 'string' },
  timeout: { type: 'string' },
  deadline: { type: 'string' },
  json: { type: 'boolean' },
  'known-divergences': { type: 'string' },
  ...JOBS_OPTION,
  ...PARTICIPANT_OPTIONS,
} as const;

// What a `fuzz:` section of agentparity.config.yaml may set: who runs and how, shared by every
// run; what a run draws (runs, seed, path) and where it writes stay on its command line.
const FUZZ_CONFIG_KEYS: ReadonlySet<string> = new Set(['participant', 'only', 'reference', 'strict', 'known-divergences', 'timeout', 'deadline', 'jobs']);

export const fuzzCommand: Command = {
  help: async () => usage(await loadTargets()),
  async run(argv) {
    const [name, ...rest] = argv;
    if (name === undefined) {
      process.stderr.write(usage(await loadTargets()));
      return EXIT.badInput;
    }
    const { values } = parseOptions([...configArguments('fuzz', rest, FUZZ_OPTIONS, undefined, FUZZ_CONFIG_KEYS), ...rest], FUZZ_OPTIONS);
    const runs = readInteger('runs', values.runs, 1) ?? 100;
    const seed = readInteger('seed', values.seed, -(2 ** 31)) ?? (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
    if (values.path !== undefined && !/^\d+(:\d+)*$/.test(values.path)) throw new UsageError(`--path takes a fast-check path such as 17:3:0, not ${JSON.stringify(values.path)}`);
    const timeoutMs = readMilliseconds('timeout', values.timeout);
    const jobs = readJobs(values.jobs);
    const deadlineMs = readDuration('deadline', values.deadline);
    const specs = readParticipantSpecs(values, DEFAULT_FUZZ_PARTICIPANTS);
    const known = readFuzzKnown(values['known-divergences'], name);
    if (specs.participants.length < 2) throw new UsageError(`fuzzing compares participants, and ${JSON.stringify(specs.participants[0])} alone has nothing to be compared with: add one with --participant`);
    // A replay is one value: it needs no pool.
    await checkParticipantPrograms(specs.participants);
    // Armed before the participants start, so that a signal while one hangs in `start` ends the run at once.
    const interruption = Interruption.arm({ say: (message) => process.stderr.write(`\nagentparity fuzz: ${message}\n`), exitCode: EXIT.participantFailed, ...(deadlineMs === undefined ? {} : { deadlineMs }) });
    const opened = await openFuzzParticipants(specs.participants, timeoutMs === undefined ? {} : { timeoutMs }, poolSize(jobs, values.path === undefined ? runs : 1, specs.participants.length));
    interruption.onStop(() => stopAll(opened));
    // A run that ends before its values: the participants stopped, the signals left to their default.
    const giveUp = async (): Promise<void> => {
      await stopAll(opened);
      interruption.disarm();
    };
    const fuzzTargets = await loadTargets();
    const target = fuzzTargets.find((t) => t.name === name);
    if (target === undefined) {
      // Stopped once started, so that no half-started process outlives the command.
      await Promise.all(opened.map((p) => p.participant.start().catch(() => undefined)));
      await giveUp();
      throw new UsageError(`unknown fuzz target ${JSON.stringify(name)}\n${usage(fuzzTargets)}`);
    }
    let implementations: ImplementationInfo[];
    try {
      implementations = await Promise.all(opened.map((p) => p.participant.start()));
    } catch (error) {
      await giveUp();
      const why = interruption.cause !== undefined ? `interrupted (${interruption.describe()}) before every participant started` : `a participant could not start: ${error instanceof ParticipantStartError ? error.message : String(error)}`;
      process.stderr.write(`agentparity fuzz: ${why}\n`);
      return EXIT.participantFailed;
    }
    // Names are known only now: a command participant goes by the name its start reply gives.
    const names = distinctNames(opened.map((p) => p.participant.name));
    const chosen = chooseReference(specs.reference, names);
    if ('problem' in chosen) {
      await giveUp();
      throw new UsageError(chosen.problem);
    }
    const strangers = known.filter((e) => !names.includes(e.participant));
    if (strangers.length > 0) {
      await giveUp();
      throw new UsageError(`${values['known-divergences']}: fuzz entries name ${[...new Set(strangers.map((e) => e.participant))].join(', ')}, which ${strangers.length === 1 ? 'is' : 'are'} not in this run (participants: ${names.join(', ')})`);
    }
    const referenceIndex = names.indexOf(chosen.name);
    process.stderr.write(`fuzz ${name}: seed ${seed}${values.path ? `, path ${values.path}` : `, ${runs} runs`} on ${names.join(', ')} (reference ${chosen.name})\n`);
    const bar = new ProgressBar(process.stderr, `fuzz ${name}`, runs);
    // Guarded, a participant answers "not run" for every value the interruption keeps from it, so that the run counts the values answered before.
    const declared = opened.map((p, i) => ({ ...p, participant: interruption.guard(p.participant), language: implementations[i]!.language }));
    const participants = { reference: declared[referenceIndex]!, others: declared.filter((_, i) => i !== referenceIndex) };
    const started = performance.now();
    const report = await target.fuzz({
      participants,
      runs,
      seed,
      strict: specs.strict,
      known,
      ...(values.path === undefined ? {} : { path: values.path }),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      onProgress: (checked, total) => bar.update(checked, `of ${total}`),
      interrupted: () => interruption.cause !== undefined,
    });
    const seconds = (performance.now() - started) / 1000;
    interruption.stopClock();
    bar.done();
    await stopAll(opened);
    await interruption.stopped();
    interruption.disarm();
    const interrupted = report.interrupted && interruption.cause !== undefined ? { cause: interruption.cause, message: interruption.describe() } : undefined;
    const failure = report.failure;
    const exitCode = failure === undefined ? (interrupted === undefined ? EXIT.parity : EXIT.participantFailed) : failure.verdict.status === 'divergent' ? EXIT.divergence : failure.verdict.status === 'unchecked' ? EXIT.badInput : EXIT.participantFailed;
    const saved =
      failure !== undefined && values.save !== undefined
        ? saveCounterexample(values.save, { target: target.name, area: target.area, seed: report.seed, path: failure.path, testCase: failure.testCase, detail: failure.verdict.detail })
        : undefined;
    const run: Run = {
      report,
      runs,
      seconds,
      exitCode,
      ...(interrupted === undefined ? {} : { interrupted }),
      ...(failure === undefined ? {} : { replay: replayCommand(target.name, report.seed, failure.path, specs) }),
      ...(saved === undefined ? {} : { saved }),
    };
    const described = names.map((n, i) => ({ name: n, implementation: implementations[i]! }));
    process.stdout.write(values.json === true ? jsonOf(run, chosen.name, described) : describeRun(run));
    return exitCode;
  },
};
