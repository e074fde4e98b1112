import { join } from 'node:path';
import { execa } from 'execa';
import { benchmarks, type Benchmark } from '../../../bench/index.js';
import { packageRoot } from '../../packageRoot.js';
import { EXIT, type Command } from '../command.js';
import { formatHelp } from '../helpText.js';

const help = (): string =>
  formatHelp({
    usage: ['bench [NAME...]'],
    about: [
      'Runs the benchmarks (all, or those named), each in a process of its own, and prints their',
      'figures as one JSON object. Figures are never asserted; ratios are measured within one run.',
      '',
      'benchmarks:',
      ...benchmarks.map((b) => `  ${b.name}`),
    ].join('\n'),
    options: [['-h, --help', 'print this help and exit']],
    exits: [[0, 'every benchmark ran'], [2, 'no benchmark has that name'], [3, 'a benchmark failed (its figures say why)'], [4, 'an internal harness error']],
  });

const IN_PROCESS = '--in-process';

const report = (figures: Record<string, unknown>): void => {
  process.stdout.write(`${JSON.stringify({ node: process.version, platform: process.platform, figures }, null, 2)}\n`);
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
    report(figures);
    return failed ? EXIT.participantFailed : EXIT.parity;
  },
};
