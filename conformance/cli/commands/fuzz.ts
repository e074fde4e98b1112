import { ParticipantStartError } from '../../clients/participant.js';
import { openFuzzParticipants } from '../../fuzz/fuzzParticipants.js';
import type { RegisteredTarget } from '../../fuzz/fuzzTargets.js';
import { ProgressBar } from '../../fuzz/progressBar.js';
import type { FuzzReport } from '../../fuzz/runFuzz.js';
import { saveCounterexample } from '../../fuzz/saveCounterexample.js';
import { writeYamlFlow } from '../../fuzz/yamlFlow.js';
import { pyObject } from '../../util/pyObject.js';
import { EXIT, UsageError, type Command } from '../command.js';
import { formatHelp, RUN_EXITS } from '../helpText.js';
import { parseOptions, readMilliseconds } from '../parseOptions.js';

// The targets load the whole runtime: they are imported once the Python participant is spawned.
const loadTargets = async (): Promise<readonly RegisteredTarget[]> => (await import('../../fuzz/fuzzTargets.js')).fuzzTargets;

const usage = (fuzzTargets: readonly RegisteredTarget[]): string =>
  formatHelp({
    usage: ['fuzz <target> [--runs N] [--seed S] [--path P] [--save DIR] [--timeout MS]'],
    about: [
      'Draws N values from seed S, runs each on the TypeScript and the Python participant, and',
      'shrinks the first failure; --path P replays one failure of that seed.',
      '',
      'targets:',
      ...fuzzTargets.map((t) => `  ${t.name.padEnd(12)} ${t.summary}`),
    ].join('\n'),
    options: [
      ['--runs N', 'how many values to draw (default 100)'],
      ['--seed S', 'the seed to draw from (default: a random one, printed)'],
      ['--path P', 'replay one failure: the fast-check path printed with it'],
      ['--save DIR', 'write the shrunk failure as a fixture file that --fixtures DIR loads'],
      ['--timeout MS', 'per-value timeout'],
      ['-h, --help', 'print this help and exit'],
    ],
    exits: [[0, 'no failure'], ...RUN_EXITS.slice(1)],
  });

const readInteger = (name: string, value: string | undefined, min: number): number | undefined => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min) throw new UsageError(`--${name} takes a whole number of at least ${min}, not ${JSON.stringify(value)}`);
  return n;
};

const describeReport = (report: FuzzReport, runs: number, seconds: number): string => {
  const failure = report.failure;
  if (failure === undefined) {
    const rate = seconds > 0 ? ` (${seconds.toFixed(1)} s, ${Math.round(report.checked / seconds)} values/s)` : '';
    return `fuzz ${report.target}: ${report.checked} values from seed ${report.seed}: no failure${rate}\n`;
  }
  const c = failure.testCase;
  const shown = pyObject([['id', c.id], ['op', c.op], ['declaration', c.declaration], ['input', c.input]]);
  return [
    `fuzz ${report.target}: ${failure.verdict.status} at run ${failure.firstRun} of ${runs} (seed ${report.seed}), shrunk in ${failure.shrinks} steps to:`,
    `  ${writeYamlFlow(shown)}`,
    `  ${failure.verdict.detail}`,
    `replay: agentparity fuzz ${report.target} --seed ${report.seed} --path ${failure.path}`,
    '',
  ].join('\n');
};

export const fuzzCommand: Command = {
  help: async () => usage(await loadTargets()),
  async run(argv) {
    const [name, ...rest] = argv;
    if (name === undefined) {
      process.stderr.write(usage(await loadTargets()));
      return EXIT.badInput;
    }
    const { values } = parseOptions(rest, { runs: { type: 'string' }, seed: { type: 'string' }, path: { type: 'string' }, save: { type: 'string' }, timeout: { type: 'string' } });
    const runs = readInteger('runs', values.runs, 1) ?? 100;
    const seed = readInteger('seed', values.seed, -(2 ** 31)) ?? (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
    if (values.path !== undefined && !/^\d+(:\d+)*$/.test(values.path)) throw new UsageError(`--path takes a fast-check path such as 17:3:0, not ${JSON.stringify(values.path)}`);
    const timeoutMs = readMilliseconds('timeout', values.timeout);
    const participants = await openFuzzParticipants();
    const fuzzTargets = await loadTargets();
    const target = fuzzTargets.find((t) => t.name === name);
    if (target === undefined) {
      // Stopped once started, so that no half-started process outlives the command.
      await participants.python.start().catch(() => undefined);
      await Promise.all([participants.ts.stop(), participants.python.stop()]);
      throw new UsageError(`unknown fuzz target ${JSON.stringify(name)}\n${usage(fuzzTargets)}`);
    }
    try {
      await Promise.all([participants.ts.start(), participants.python.start()]);
    } catch (error) {
      await Promise.all([participants.ts.stop(), participants.python.stop()]);
      process.stderr.write(`agentparity fuzz: a participant could not start: ${error instanceof ParticipantStartError ? error.message : String(error)}\n`);
      return EXIT.participantFailed;
    }
    process.stderr.write(`fuzz ${name}: seed ${seed}${values.path ? `, path ${values.path}` : `, ${runs} runs`}\n`);
    const bar = new ProgressBar(process.stderr, `fuzz ${name}`, runs);
    const started = performance.now();
    const report = await target.fuzz({
      participants,
      runs,
      seed,
      ...(values.path === undefined ? {} : { path: values.path }),
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      onProgress: (checked, total) => bar.update(checked, `of ${total}`),
    });
    bar.done();
    await Promise.all([participants.ts.stop(), participants.python.stop()]);
    process.stdout.write(describeReport(report, runs, (performance.now() - started) / 1000));
    const failure = report.failure;
    if (failure === undefined) return EXIT.parity;
    if (values.save !== undefined) {
      const file = saveCounterexample(values.save, { target: target.name, area: target.area, seed: report.seed, path: failure.path, testCase: failure.testCase, detail: failure.verdict.detail });
      process.stdout.write(`saved: ${file}\n`);
    }
    return failure.verdict.status === 'divergent' ? EXIT.divergence : EXIT.participantFailed;
  },
};
