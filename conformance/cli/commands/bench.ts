import { benchmarks } from '../../../bench/index.js';
import { EXIT, type Command } from '../command.js';

// Runs every benchmark in one process, one after the other, and prints one JSON object, so that
// the ratios a benchmark reports were measured under the same conditions.
export const benchCommand: Command = {
  async run(argv) {
    const only = argv.filter((arg) => !arg.startsWith('-'));
    const selected = only.length === 0 ? benchmarks : benchmarks.filter((b) => only.includes(b.name));
    if (selected.length === 0) {
      process.stderr.write(`agentparity bench: no benchmark named ${only.join(', ')}\n`);
      return EXIT.badInput;
    }
    const figures: Record<string, unknown> = {};
    for (const benchmark of selected) {
      process.stderr.write(`bench: ${benchmark.name}\n`);
      figures[benchmark.name] = await benchmark.run();
    }
    process.stdout.write(`${JSON.stringify({ node: process.version, platform: process.platform, figures }, null, 2)}\n`);
    return EXIT.parity;
  },
};
