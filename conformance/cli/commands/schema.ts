import { basename, extname } from 'node:path';
import { parsePyJson } from '../../../src/json/parsePyJson.js';
import { parseYaml } from '../../../src/json/parseYaml.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { loadDeclaration } from '../../../src/types/readDeclaration.js';
import { openParticipant } from '../../clients/openParticipant.js';
import { getField, isPyObject } from '../../util/pyObject.js';
import { EXIT, UsageError, type Command } from '../command.js';
import { formatHelp } from '../helpText.js';
import { parseOptions, readMilliseconds } from '../parseOptions.js';
import { readUtf8File } from '../../../src/json/readUtf8.js';

const HELP = formatHelp({
  usage: ['schema FILE [--impl ts|python] [--timeout MS]'],
  about: "Prints the input-schema text one participant derives from the root model of a declaration\n(a YAML or JSON pydantic-neutral declaration).",
  options: [
    ['--impl ts|python', 'the participant that derives it (default ts)'],
    ['--timeout MS', 'how long the participant may take to answer: MS (default 10000) plus 1 ms per kB of the request'],
    ['-h, --help', 'print this help and exit'],
  ],
  exits: [[0, 'the schema was printed'], [2, 'bad input or usage (a declaration the participant refuses, too)'], [3, 'the participant failed'], [4, 'an internal harness error']],
});
const USAGE = HELP.split('\n')[0]!;

// The file is read twice: loadDeclaration names the file in its errors, and the participant is
// sent the tree exactly as written (it validates it again, as every participant does).
const readTree = (file: string): PyJson => {
  const text = readUtf8File(file);
  return extname(file).toLowerCase() === '.json' ? parsePyJson(text) : parseYaml(text);
};

/** Prints the derived input-schema text of a declaration's root model, as one participant derives it. */
export const schemaCommand: Command = {
  help: () => HELP,
  async run(argv) {
    const { values, positionals } = parseOptions(argv, { impl: { type: 'string' }, timeout: { type: 'string' } }, true);
    const timeoutMs = readMilliseconds('timeout', values.timeout);
    const impl = values.impl ?? 'ts';
    if (positionals.length !== 1 || (impl !== 'ts' && impl !== 'python')) throw new UsageError(USAGE);
    const file = positionals[0]!;
    try {
      loadDeclaration(file);
    } catch (error) {
      process.stderr.write(`agentparity schema: ${(error as Error).message}\n`);
      return EXIT.badInput;
    }
    const participant = openParticipant(impl, timeoutMs === undefined ? {} : { timeoutMs });
    const outcome = await participant.run({ id: `schema/cli/${basename(file, extname(file))}`, op: 'derive_schema', declaration: readTree(file), input: new Map() });
    await participant.stop();
    if (outcome.status !== 'result') {
      const why = outcome.status === 'skipped' ? outcome.reason : outcome.context.message;
      process.stderr.write(`agentparity schema: the ${impl} participant ${outcome.status}: ${why}\n`);
      return EXIT.participantFailed;
    }
    const error = isPyObject(outcome.result) ? getField(outcome.result, 'error') : undefined;
    if (error !== undefined && isPyObject(error)) {
      const path = getField(error, 'path');
      process.stderr.write(`agentparity schema: ${file}: ${String(getField(error, 'kind'))}: ${String(getField(error, 'message'))}${typeof path === 'string' ? ` (at ${path})` : ''}\n`);
      return EXIT.badInput;
    }
    const schema = isPyObject(outcome.result) ? getField(outcome.result, 'input_schema') : undefined;
    process.stdout.write(`${typeof schema === 'string' ? schema : 'null'}\n`);
    return EXIT.parity;
  },
};
