import { parsePyJson } from '../../src/json/parsePyJson.js';
import { isPlainObject, type PyJson } from '../../src/json/pyJson.js';
import { writePyJson } from '../../src/json/writePyJson.js';
import { getField, isPyObject } from '../util/pyObject.js';
import { decodeRunResponse, isSeq, parseMessage } from './decode.js';
import type { RunResponse, Seq } from './messages.js';
import { losslessFromNative } from './nativeTree.js';
import { resultSpan } from './resultText.js';

/**
 * The value of a result text, read losslessly when first asked for: two participants that wrote
 * the same text agree, and most comparisons stop there. `known` gives the value without reading
 * the text, when it can. The text is known to be JSON (checked by `JSON.parse`, which accepts
 * nothing the lossless reader refuses, or written by the writer); should the lossless reader fail
 * all the same, `fallback` stands in.
 */
export const readWhenAsked = (text: string, known: () => PyJson | undefined, fallback: PyJson): (() => PyJson) => {
  let value: PyJson | undefined;
  return () => {
    if (value === undefined) {
      try {
        value = known() ?? parsePyJson(text);
      } catch {
        value = fallback;
      }
    }
    return value;
  };
};

/**
 * A result answer whose value is read when first asked for. A class rather than an object literal
 * with a getter: V8 gives each such literal a map of its own, which lives in the old generation
 * and keeps what the getter reaches alive past every young collection until a full one (a fuzzing
 * run reads an answer per case, and paid for that in promoted garbage).
 */
class LazyRunResult {
  readonly status = 'result';
  readonly #read: () => PyJson;

  constructor(
    readonly seq: Seq,
    readonly text: string,
    parsed: PyJson,
  ) {
    this.#read = readWhenAsked(text, () => losslessFromNative(parsed), parsed);
  }

  get result(): PyJson {
    return this.#read();
  }
}

const parsedObject = (text: string): PyJson | undefined => {
  try {
    const parsed: unknown = JSON.parse(text);
    return isPlainObject(parsed) ? (parsed as PyJson) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The answer to `seq` exactly as both participants write it, `{"seq": N, "result": {...}}` with
 * Python's separators: the result text is what lies between, and one `JSON.parse` of it checks
 * the whole line (a text that is not one JSON object, a second key included, fails it).
 */
const expectedResult = (line: string, seq: Seq): RunResponse | undefined => {
  const prefix = `{"seq": ${writePyJson(seq)}, "result": {`;
  if (!line.startsWith(prefix) || !line.endsWith('}}')) return undefined;
  const text = line.slice(prefix.length - 1, -1);
  const parsed = parsedObject(text);
  return parsed === undefined ? undefined : new LazyRunResult(seq, text, parsed);
};

/**
 * Any other result answer, `{"seq": N, "result": {...}}` in any layout, without reading the
 * result losslessly: the engine's `JSON.parse` checks the result text, and the lossless reader
 * reads the rest of the line with the result cut out. Undefined when the line is anything else,
 * or anything is wrong with it, for the full reading to decide and explain.
 */
const quickResult = (line: string): RunResponse | undefined => {
  const span = resultSpan(line);
  if (span === undefined) return undefined;
  const text = line.slice(span[0], span[1]);
  const parsed = parsedObject(text);
  if (parsed === undefined) return undefined;
  let envelope: PyJson;
  try {
    envelope = parsePyJson(`${line.slice(0, span[0])}{}${line.slice(span[1])}`);
  } catch {
    return undefined;
  }
  const seq = isPyObject(envelope) ? getField(envelope, 'seq') : undefined;
  return isSeq(seq) ? new LazyRunResult(seq, text, parsed) : undefined;
};

/**
 * One `run` answer line, due for request `seq`, decoded as `decodeRunResponse(parseMessage(line),
 * line)` decodes it, and throwing the same ProtocolError for a line that is not an answer; only
 * faster for a result, whose value is read when first asked for.
 */
export const decodeRunLine = (line: string, seq: Seq): RunResponse =>
  expectedResult(line, seq) ?? quickResult(line) ?? decodeRunResponse(parseMessage(line), line);
