// `crossPlanCli.ts compile TREE` prints a tree's plan compiled in TypeScript; `crossPlanCli.ts run
// TREE` reads plan text on stdin, runs it here and prints the summary (see crossPlan.ts).
import { readFileSync } from 'node:fs';
import { writePyJson } from '../../src/json/writePyJson.js';
import { compileTree, runPlanText, TREES, type TreeName } from './crossPlan.js';

const [command, tree] = process.argv.slice(2) as [string, TreeName];
if (!TREES.includes(tree) || (command !== 'compile' && command !== 'run')) {
  process.stderr.write('usage: crossPlanCli.ts compile|run react|ids\n');
  process.exit(2);
}
process.stdout.write(`${command === 'compile' ? await compileTree(tree) : writePyJson(await runPlanText(readFileSync(0, 'utf8'), tree))}\n`);
