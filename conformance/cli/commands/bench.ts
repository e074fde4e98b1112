import { join } from 'node:path';
import { execa } from 'execa';
import { benchmarks, type Benchmark } from '../../../bench/index.js';
import { targetRows, type TargetRow } from '../../../bench/targets.js';
import { packageRoot } from '../../packageRoot.js';
import { EXIT, type Command } from '../command.js';
import { formatHelp } from '../helpText.js';

const help = (): string =>
  formatHelp({
    usage: ['bench [NAME...] [--check]'],
    about: [
      'Runs the benchmarks (all, or those named), each in a process of its own, and prints their',
      'figures as one JSON object, with each target figure beside its target. Ratios are measured',
      'within one run. --check fails when a figure misses its target by more than 30% (for a quiet',
      'machine; never run inside the tests).',
      '',
      'benchmarks:',
      ...benchmarks.map((b) => `  ${b.name}`),
    ].join('\n'),
    options: [['--check', 'exit 1 when a figure misses its target by more than 30%'], ['-h, --help', 'print this help and exit']],
    exits: [[0, 'every benchmark ran'], [1, 'with --check: a figure missed its target by more than 30%'], [2, 'no benchmark has that name'], [3, 'a benchmark failed (its figures say why)'], [4, 'an internal harness error']],
  });

const IN_PROCESS = '--in-process';

const report = (figures: Record<string, unknown>, targets?: readonly TargetRow[]): void => {
  const printed = { node: process.version, platform: process.platform, figures, ...(targets === undefined ? {} : { targets }) };
  process.stdout.write(`${JSON.stringify(printed, null, 2)}\n`);
};

/** Runs benchmarks one after the other in this process. */
const runHere = async (selected: readonly Benchmark[]): Promise<Record<string, unknown>> => {
  const figures: Record<string, unknown> = {};
  for (const benchmark of selected) {
    process.stderr.write(`bench: ${benchmark.name}\n`);
    figures[benchmark.name] = await benchmark.run();
  }
  return figures;
};

/** One benchmark's figures from a process of its own, or what went wrong there. */
const runApart = async (name: string): Promise<{ readonly figures: unknown } | { readonly error: string }> => {
  const bin = join(packageRoot(), 'bin', 'agentparity.js');
  const child = await execa(process.execPath, [bin, 'bench', IN_PROCESS, name], { stdin: 'ignore', stderr: 'inherit', reject: false });
  if (child.exitCode !== 0) return { error: `its process ${child.signal ? `was killed by ${child.signal}` : `exited ${child.exitCode}`}` };
  try {
    const printed = JSON.parse(child.stdout) as { figures?: Record<string, unknown> };
    if (printed.figures?.[name] === undefined) return { error: 'its process printed no figures for it' };
    return { figures: printed.figures[name] };
  } catch (error) {
    return { error: `its process printed something that is not JSON (${(error as Error).message})` };
  }
};

/**
 * Runs the benchmarks, each in a process of its own one after the other, and prints one JSON
 * object. What one leaves behind would slow the next: after the 1,000,000-deep chain the heap
 * stayed above 200 MB, and `fuzz-normalize` lost a tenth of its rate. A benchmark's ratios are
 * measured within its own process. A benchmark that fails is reported as `{"error": ...}` beside
 * the others' figures, and the command exits 3.
 */
export const benchCommand: Command = {
  help,
  async run(argv) {
    const only = argv.filter((arg) => !arg.startsWith('-'));
    const check = argv.includes('--check');
    const selected = only.length === 0 ? benchmarks : benchmarks.filter((b) => only.includes(b.name));
    if (selected.length === 0) {
      process.stderr.write(`agentparity bench: no benchmark named ${only.join(', ')}\n`);
      return EXIT.badInput;
    }
    if (argv.includes(IN_PROCESS)) {
      report(await runHere(selected));
      return EXIT.parity;
    }
    const figures: Record<string, unknown> = {};
    let failed = false;
    for (const { name } of selected) {
      const outcome = await runApart(name);
      if ('error' in outcome) {
        failed = true;
        process.stderr.write(`agentparity bench: ${name} failed: ${outcome.error}\n`);
        figures[name] = { error: outcome.error };
      } else {
        figures[name] = outcome.figures;
      }
    }
    const targets = targetRows(figures);
    report(figures, targets);
    for (const row of targets.filter((r) => r.fails_check)) {
      process.stderr.write(`agentparity bench: ${row.figure} is ${row.value}, ${row.kind} ${row.target} by more than 30%\n`);
    }
    if (failed) return EXIT.participantFailed;
    return check && targets.some((row) => row.fails_check) ? EXIT.divergence : EXIT.parity;
  },
};
