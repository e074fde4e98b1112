import { basename, extname } from 'node:path';
import type { PyJson } from '../../../src/json/pyJson.js';
import { yamlLocation } from '../../../src/plan/yaml/yamlLocation.js';
import { openParticipant } from '../../clients/openParticipant.js';
import { getField, isPyObject } from '../../util/pyObject.js';
import { EXIT, UsageError } from '../command.js';
import { formatHelp } from '../helpText.js';
import { parseOptions, readMilliseconds } from '../parseOptions.js';
import { readUtf8File } from '../../../src/json/readUtf8.js';

export const PLAN_BUILD_HELP = formatHelp({
  usage: ['plan build FILE.yaml [--impl ts|python] [--agent NAME] [--timeout MS]'],
  about: 'Prints the plan JSON one participant builds from a YAML agents document. A refused declaration\nis printed with the participant\'s message and FILE:LINE:COLUMN of the refused part.',
  options: [
    ['--impl ts|python', 'the participant that builds it (default ts)'],
    ['--agent NAME', 'the agent of the document to build (default: its only one)'],
    ['--timeout MS', 'how long the participant may take to answer: MS (default 10000) plus 1 ms per kB of the request'],
    ['-h, --help', 'print this help and exit'],
  ],
  exits: [[0, 'the plan was printed'], [2, 'bad input or usage (a refused declaration, too)'], [3, 'the participant failed'], [4, 'an internal harness error']],
});
export const PLAN_BUILD_USAGE = PLAN_BUILD_HELP.split('\n')[0]!;

const say = (message: string): void => {
  process.stderr.write(`agentparity plan build: ${message}\n`);
};

// `file:line:column: ` for a refusal with a declaration path, so editors can jump to it.
const where = (file: string, text: string, path: PyJson | undefined): string => {
  const location = typeof path === 'string' ? yamlLocation(text, path) : undefined;
  return location === undefined ? `${file}: ` : `${file}:${location.line}:${location.column}: `;
};

/**
 * `plan build`: prints the plan JSON one participant builds from a YAML agents document. A
 * refused declaration exits 2 with the participant's message (upstream's words where upstream has
 * them) and where in the file it is.
 */
export const runPlanBuild = async (argv: readonly string[]): Promise<number> => {
  const { values, positionals } = parseOptions(argv, { impl: { type: 'string' }, agent: { type: 'string' }, timeout: { type: 'string' } }, true);
  const timeoutMs = readMilliseconds('timeout', values.timeout);
  const impl = values.impl ?? 'ts';
  if (positionals.length !== 1 || (impl !== 'ts' && impl !== 'python')) throw new UsageError(PLAN_BUILD_USAGE);
  const file = positionals[0]!;
  let text: string;
  try {
    text = readUtf8File(file);
  } catch (error) {
    say(`${file}: ${(error as Error).message}`);
    return EXIT.badInput;
  }
  const input = new Map<string, PyJson>([['yaml', text], ['source', file]]);
  if (values.agent !== undefined) input.set('agent', values.agent);
  const participant = openParticipant(impl, timeoutMs === undefined ? {} : { timeoutMs });
  const outcome = await participant.run({ id: `plan/cli/${basename(file, extname(file))}`, op: 'build_plan', input });
  await participant.stop();
  if (outcome.status !== 'result') {
    say(`the ${impl} participant ${outcome.status}: ${outcome.status === 'skipped' ? outcome.reason : outcome.context.message}`);
    return EXIT.participantFailed;
  }
  const result = isPyObject(outcome.result) ? outcome.result : new Map<string, PyJson>();
  const error = getField(result, 'error');
  if (error !== undefined && isPyObject(error)) {
    const path = getField(error, 'path');
    const at = typeof path === 'string' ? ` (at ${path})` : '';
    say(`${where(file, text, path)}${String(getField(error, 'kind'))}: ${String(getField(error, 'message'))}${at}`);
    return EXIT.badInput;
  }
  const plan = getField(result, 'plan');
  if (typeof plan !== 'string') {
    say(`the ${impl} participant answered without a plan`);
    return EXIT.participantFailed;
  }
  process.stdout.write(`${plan}\n`);
  return EXIT.parity;
};
