import { extname } from 'node:path';
import { parsePyJson } from '../../../src/json/parsePyJson.js';
import { parseYaml } from '../../../src/json/parseYaml.js';
import type { PyJson } from '../../../src/json/pyJson.js';
import { writePyJson } from '../../../src/json/writePyJson.js';
import { loadDeclaration } from '../../../src/types/readDeclaration.js';
import { openParticipant } from '../../clients/openParticipant.js';
import { getField, isPyObject, pyObject } from '../../util/pyObject.js';
import { EXIT, UsageError, type Command } from '../command.js';
import { formatHelp } from '../helpText.js';
import { parseOptions, readMilliseconds } from '../parseOptions.js';
import { readUtf8File, decodeUtf8 } from '../../../src/json/readUtf8.js';

const HELP = formatHelp({
  usage: ['normalize [FILE|-] [--impl ts|python] [--result-type DECLARATION] [--timeout MS]'],
  about: [
    'Normalizes one encoded value (DESIGN §3.2; JSON, or YAML for .yaml) read from FILE or standard',
    'input through one participant, and prints {"ok": <normalized>, "content": <text>} or',
    '{"error": {"message": ..., "path": ...}} as one JSON line.',
  ].join('\n'),
  options: [
    ['--impl ts|python', 'the participant that normalizes it (default ts)'],
    ['--result-type DECLARATION', 'read the value through the root model of this declaration file'],
    ['--timeout MS', 'how long the participant may take to answer: MS (default 10000) plus 1 ms per kB of the request'],
    ['-h, --help', 'print this help and exit'],
  ],
  exits: [[0, 'the value normalized'], [1, 'the participant refused the value (the error is printed)'], [2, 'bad input or usage'], [3, 'the participant failed'], [4, 'an internal harness error']],
});
const USAGE = HELP.split('\n')[0]!;

/** The exit code of a value the participant refuses to normalize. */
const REFUSED = 1;

/** JSON, or YAML for a `.yaml`/`.yml` file, read losslessly. */
const parseText = (text: string, name: string): PyJson => (/\.ya?ml$/i.test(extname(name)) ? parseYaml(text, { nesting: Infinity }) : parsePyJson(text));

const readStdin = async (): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return decodeUtf8(Buffer.concat(chunks));
};

// Tagged, because a string is itself a value (the most common sub-agent result) and must not
// be taken for a read error.
type ReadValue = { readonly value: PyJson } | { readonly error: string };

/** The encoded value, or a message naming the file and what is wrong with it. */
const readValue = async (file: string): Promise<ReadValue> => {
  try {
    const text = file === '-' ? await readStdin() : readUtf8File(file);
    return { value: parseText(text, file) };
  } catch (error) {
    return { error: `${file === '-' ? 'standard input' : file}: ${(error as Error).message}` };
  }
};

/**
 * Normalizes one encoded value (DESIGN §3.2) through a participant and prints, as one JSON line,
 * `{"ok": <the normalized value>, "content": "<the text the model reads>"}` or
 * `{"error": {"message": ..., "path": ...}}`. With `--result-type`, the value is read through the
 * root model of that declaration. Exit 0 for a value that normalizes, 1 for one that is refused,
 * 2 for bad input or usage (a value the participant does not take, too), 3 when the participant fails.
 */
export const normalizeCommand: Command = {
  help: () => HELP,
  async run(argv) {
    const { values, positionals } = parseOptions(argv, { impl: { type: 'string' }, 'result-type': { type: 'string' }, timeout: { type: 'string' } }, true);
    const timeoutMs = readMilliseconds('timeout', values.timeout);
    const impl = values.impl ?? 'ts';
    if (positionals.length > 1 || (impl !== 'ts' && impl !== 'python')) throw new UsageError(USAGE);
    const read = await readValue(positionals[0] ?? '-');
    if ('error' in read) {
      process.stderr.write(`agentparity normalize: ${read.error}\n`);
      return EXIT.badInput;
    }
    const input = new Map<string, PyJson>([['value', read.value]]);
    let declaration: PyJson | undefined;
    const declarationFile = values['result-type'];
    if (declarationFile !== undefined) {
      try {
        const root = loadDeclaration(declarationFile).root;
        if (root === undefined) throw new Error(`${declarationFile}: the declaration names no root model to read the value through`);
        declaration = parseText(readUtf8File(declarationFile), declarationFile);
        input.set('result_type', root);
      } catch (error) {
        process.stderr.write(`agentparity normalize: ${(error as Error).message}\n`);
        return EXIT.badInput;
      }
    }
    const participant = openParticipant(impl, timeoutMs === undefined ? {} : { timeoutMs });
    const outcome = await participant.run({ id: 'normalize/cli/value', op: 'normalize', ...(declaration === undefined ? {} : { declaration }), input });
    await participant.stop();
    if (outcome.status !== 'result') {
      const why = outcome.status === 'skipped' ? outcome.reason : outcome.context.message;
      process.stderr.write(`agentparity normalize: the ${impl} participant ${outcome.status}: ${why}\n`);
      // A malformed encoding errors the op in both participants, with the codec's message.
      return outcome.status === 'skipped' || why.includes('bad value encoding') ? EXIT.badInput : EXIT.participantFailed;
    }
    const result = outcome.result;
    const error = isPyObject(result) ? getField(result, 'error') : undefined;
    if (error !== undefined && isPyObject(error)) {
      const line = pyObject([['error', pyObject([['message', getField(error, 'message')], ['path', getField(error, 'path')]])]]);
      process.stdout.write(`${writePyJson(line)}\n`);
      return REFUSED;
    }
    const json = isPyObject(result) ? getField(result, 'json') : undefined;
    const content = isPyObject(result) ? getField(result, 'content') : undefined;
    process.stdout.write(`${writePyJson(pyObject([['ok', parsePyJson(String(json))], ['content', content]]))}\n`);
    return EXIT.parity;
  },
};
