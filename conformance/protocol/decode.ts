import { parsePyJson } from '../../src/json/parsePyJson.js';
import { objectEntries, type PyJson, type PyJsonObject } from '../../src/json/pyJson.js';
import { writePyJson } from '../../src/json/writePyJson.js';
import type { OpName, ProtocolCase } from '../serve/ops/index.js';
import { getField, isPyObject } from '../util/pyObject.js';
import { PROTOCOL_VERSION, isOpName, isProtocolFeature, type ErrorContext, type ImplementationInfo, type RunResponse, type Seq } from './messages.js';
import { ProtocolError } from './protocolError.js';
import { extractResultText } from './resultText.js';

/** Parses one line of the protocol; a line that is not JSON throws ProtocolError. */
export const parseMessage = (text: string): PyJson => {
  try {
    return parsePyJson(text);
  } catch (error) {
    throw new ProtocolError(`not a JSON line (${(error as Error).message}): ${preview(text)}`);
  }
};

/** The first characters of a line, for messages. */
export const preview = (text: string, length = 200): string =>
  text.length > length ? `${JSON.stringify(text.slice(0, length))}...` : JSON.stringify(text);

export const isSeq = (value: PyJson | undefined): value is Seq =>
  typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value));

/** A request as a participant receives it. A line without a usable `seq` throws ProtocolError. */
export type Request =
  | { readonly cmd: 'start'; readonly version: PyJson | undefined }
  | { readonly cmd: 'stop' }
  | { readonly cmd: 'run'; readonly seq: Seq; readonly testCase: ProtocolCase; readonly declarationKey?: string }
  | { readonly cmd: 'invalid'; readonly seq: Seq; readonly message: string };

export const decodeRequest = (text: string): Request => {
  const message = parseMessage(text);
  if (!isPyObject(message)) throw new ProtocolError(`a request must be a JSON object: ${preview(text)}`);
  const cmd = getField(message, 'cmd');
  if (cmd === 'start') return { cmd, version: getField(message, 'version') };
  if (cmd === 'stop') return { cmd };
  const seq = getField(message, 'seq');
  if (!isSeq(seq)) throw new ProtocolError(`a request without a valid seq: ${preview(text)}`);
  if (cmd !== 'run') return { cmd: 'invalid', seq, message: `unknown command ${JSON.stringify(cmd ?? null)}` };
  const testCase = getField(message, 'case');
  if (!isPyObject(testCase)) return { cmd: 'invalid', seq, message: 'run: case must be an object' };
  const id = getField(testCase, 'id');
  const op = getField(testCase, 'op');
  if (typeof id !== 'string') return { cmd: 'invalid', seq, message: 'run: case.id must be a string' };
  if (typeof op !== 'string') return { cmd: 'invalid', seq, message: 'run: case.op must be a string' };
  const key = getField(testCase, 'declaration_key');
  if (key !== undefined && (typeof key !== 'string' || key === '')) return { cmd: 'invalid', seq, message: 'run: case.declaration_key must be a non-empty string' };
  return { cmd: 'run', seq, testCase: caseOf(testCase, id, op as OpName), ...(key === undefined ? {} : { declarationKey: key }) };
};

// An op that is not in the protocol's list still reaches the participant, which answers skipped.
const caseOf = (object: PyJsonObject, id: string, op: OpName): ProtocolCase => {
  const declaration = getField(object, 'declaration');
  const input = getField(object, 'input');
  return { id, op, ...(declaration === undefined ? {} : { declaration }), ...(input === undefined ? {} : { input }) };
};

/** The implementation info of a parsed `start` reply; anything else throws ProtocolError. */
export const decodeStarted = (message: PyJson, text: string): ImplementationInfo => {
  if (!isPyObject(message)) throw new ProtocolError(`the start reply must be a JSON object: ${preview(text)}`);
  const version = getField(message, 'version');
  if (version !== PROTOCOL_VERSION) {
    throw new ProtocolError(`the participant speaks protocol version ${JSON.stringify(version ?? null)}, not ${PROTOCOL_VERSION}`);
  }
  const implementation = getField(message, 'implementation');
  if (!isPyObject(implementation)) throw new ProtocolError(`the start reply has no implementation object: ${preview(text)}`);
  const text_ = (key: string): string | undefined => {
    const value = getField(implementation, key);
    return typeof value === 'string' ? value : undefined;
  };
  const ops = getField(implementation, 'ops');
  const name = text_('name');
  const language = text_('language');
  const version_ = text_('version');
  if (name === undefined || language === undefined || version_ === undefined || !Array.isArray(ops)) {
    throw new ProtocolError(`the start reply needs implementation.name, language, version and ops: ${preview(text)}`);
  }
  const languageVersion = text_('language_version');
  // Features this harness does not know are left out: it cannot use them.
  const features = getField(implementation, 'features');
  const known = Array.isArray(features) ? (features as PyJson[]).filter(isProtocolFeature) : [];
  // A library whose version is not a string is left out: there is nothing to compare it with.
  const librariesField = getField(implementation, 'libraries');
  const libraries = isPyObject(librariesField)
    ? Object.fromEntries([...objectEntries(librariesField)].filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    : {};
  return {
    name,
    language,
    version: version_,
    ...(languageVersion === undefined ? {} : { language_version: languageVersion }),
    ops: (ops as PyJson[]).filter(isOpName),
    ...(known.length === 0 ? {} : { features: known }),
    ...(Object.keys(libraries).length === 0 ? {} : { libraries }),
  };
};

/** One parsed `run` answer; a message that is not one throws ProtocolError. */
export const decodeRunResponse = (message: PyJson, text: string): RunResponse => {
  if (!isPyObject(message)) throw new ProtocolError(`a response must be a JSON object: ${preview(text)}`);
  const seq = getField(message, 'seq');
  if (!isSeq(seq)) throw new ProtocolError(`a response without a valid seq: ${preview(text)}`);
  const result = getField(message, 'result');
  if (result !== undefined) {
    if (!isPyObject(result)) throw new ProtocolError(`result must be a JSON object: ${preview(text)}`);
    return { seq, status: 'result', result, text: extractResultText(text) ?? writePyJson(result) };
  }
  if (getField(message, 'skipped') === true) {
    const reason = getField(message, 'reason');
    return { seq, status: 'skipped', reason: typeof reason === 'string' ? reason : '(no reason given)' };
  }
  if (getField(message, 'errored') === true) return { seq, status: 'errored', context: contextOf(getField(message, 'context')) };
  throw new ProtocolError(`a response needs result, skipped or errored: ${preview(text)}`);
};

const contextOf = (context: PyJson | undefined): ErrorContext => {
  if (!isPyObject(context)) return { message: '(the participant gave no error context)' };
  const text = (key: string): string | undefined => {
    const value = getField(context, key);
    return typeof value === 'string' ? value : undefined;
  };
  const traceback = text('traceback');
  const stderr = text('stderr');
  return {
    message: text('message') ?? '(no message)',
    ...(traceback === undefined ? {} : { traceback }),
    ...(stderr === undefined ? {} : { stderr }),
  };
};
