import { extname } from 'node:path';
import { isAgentparityError } from '../../../src/errors.js';
import { parsePyJson } from '../../../src/json/parsePyJson.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { parseYaml } from '../../../src/json/parseYaml.js';
import { writePyJson } from '../../../src/json/writePyJson.js';
import type { AgentPlan } from '../../../src/plan/agentPlan.js';
import { ClassRegistry } from '../../../src/plan/classRegistry.js';
import { diffPlans } from '../../../src/plan/diff/diffPlans.js';
import { DEFAULT_IDENTITIES, type IdentityMapping } from '../../../src/plan/diff/identities.js';
import { mergeIdentities, readIdentityMapping } from '../../../src/plan/diff/readIdentityMapping.js';
import { readPlan } from '../../../src/plan/readPlan.js';
import { EXIT, UsageError } from '../command.js';
import { formatHelp } from '../helpText.js';
import { parseOptions } from '../parseOptions.js';
import { readUtf8File } from '../../../src/json/readUtf8.js';

export const PLAN_DIFF_HELP = formatHelp({
  usage: ['plan diff A.json B.json [--mapping FILE] [--json]'],
  about: 'Compares two plans by meaning and prints every difference with its JSON Pointer (in plan A;\nin plan B too when it lies elsewhere). Plans of different languages compare through a mapping\nof the names each language gives the same thing.',
  options: [
    ['--mapping FILE', 'more identities between names, added to the defaults (YAML or JSON)'],
    ['--json', 'print {"equivalent", "differences", "equivalences"} as one JSON object'],
    ['-h, --help', 'print this help and exit'],
  ],
  exits: [[0, 'the plans are equivalent'], [1, 'the plans differ'], [2, 'bad input or usage (a file that is not a plan, too)'], [4, 'an internal harness error']],
});
export const PLAN_DIFF_USAGE = PLAN_DIFF_HELP.split('\n')[0]!;

class BadFile extends Error {}

const fail = (file: string, error: unknown): never => {
  const located = isAgentparityError(error) && error.path !== undefined && error.path !== '' ? ` (at ${error.path})` : '';
  throw new BadFile(`${file}: ${(error as Error).message}${located}`);
};

const read = (file: string): string => {
  try {
    return readUtf8File(file);
  } catch (error) {
    return fail(file, error);
  }
};

// Plans are read as data: nothing they name is restored, so any language's plan compares.
const readPlanFile = (file: string): AgentPlan => {
  const text = read(file);
  try {
    return readPlan(text, { registry: new ClassRegistry(), language: null });
  } catch (error) {
    return fail(file, error);
  }
};

const readMapping = (file: string | undefined): IdentityMapping => {
  if (file === undefined) return DEFAULT_IDENTITIES;
  const text = read(file);
  try {
    return mergeIdentities(DEFAULT_IDENTITIES, readIdentityMapping(extname(file).toLowerCase() === '.json' ? parsePyJson(text) : parseYaml(text)));
  } catch (error) {
    return fail(file, error);
  }
};

/**
 * `plan diff`: compares two plans by meaning and prints every difference with its JSON Pointer
 * (in plan A; in plan B too when it lies elsewhere). Exit 0 when equivalent, 1 when they differ,
 * 2 when a file cannot be read as a plan.
 */
export const runPlanDiff = async (argv: readonly string[]): Promise<number> => {
  const { values, positionals } = parseOptions(argv, { mapping: { type: 'string' }, json: { type: 'boolean' } }, true);
  if (positionals.length !== 2) throw new UsageError(PLAN_DIFF_USAGE);
  const [fileA, fileB] = positionals as [string, string];
  let comparison;
  try {
    comparison = diffPlans(readPlanFile(fileA), readPlanFile(fileB), { identities: readMapping(values.mapping) });
  } catch (error) {
    if (!(error instanceof BadFile)) throw error;
    process.stderr.write(`agentparity plan diff: ${error.message}\n`);
    return EXIT.badInput;
  }
  const { differences, equivalences } = comparison;
  if (values.json) {
    const json = new Map<string, PyJson>([
      ['equivalent', differences.length === 0],
      ['differences', differences.map((d) => new Map<string, PyJson>(Object.entries(d)))],
      ['equivalences', equivalences.map((e) => new Map<string, PyJson>(Object.entries(e)))],
    ]);
    process.stdout.write(`${writePyJson(json)}\n`);
  } else {
    for (const d of differences) process.stdout.write(`${d.pointer === '' ? '/' : d.pointer}${d.pointerB === undefined ? '' : ` (B: ${d.pointerB})`}: ${d.message}\n`);
    const mapped = new Set(equivalences.map((e) => e.subject)).size;
    const note = mapped === 0 ? '' : ` (${mapped} ${mapped === 1 ? 'name' : 'names'} mapped between languages)`;
    process.stdout.write(differences.length === 0 ? `equivalent${note}\n` : `${differences.length} ${differences.length === 1 ? 'difference' : 'differences'}\n`);
  }
  return differences.length === 0 ? EXIT.parity : EXIT.divergence;
};
