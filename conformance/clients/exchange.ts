import { isPlainObject, type PyJson } from '../../src/json/pyJson.js';
import type { ProtocolCase } from '../serve/ops/index.js';
import { decodeRunResponse, decodeStarted, parseMessage, preview } from '../protocol/decode.js';
import { decodeRunLine } from '../protocol/decodeRunLine.js';
import { runRequest } from '../protocol/encode.js';
import type { ErrorContext, ImplementationInfo, RunResponse, Seq } from '../protocol/messages.js';
import { ProtocolError } from '../protocol/protocolError.js';
import { writeCase, type CaseTexts } from '../protocol/runLine.js';
import type { ProtocolValidator } from '../protocol/validateProtocol.js';
import type { ParticipantOutcome } from './participant.js';

// What both kinds of participant client do with a message, whatever carries it.

export const errored = (context: ErrorContext): ParticipantOutcome => ({ status: 'errored', context });

/**
 * A result outcome whose value is read when first asked for. A class rather than an object literal
 * with a getter: V8 gives each such literal a map of its own, which lives in the old generation
 * and keeps what the getter reaches alive past every young collection until a full one.
 */
export class ResultOutcome {
  readonly status = 'result';
  readonly #read: () => PyJson;

  constructor(
    readonly text: string,
    read: () => PyJson,
  ) {
    this.#read = read;
  }

  get result(): PyJson {
    return this.#read();
  }
}

/** Why a case is not sent to a participant: an op it does not run, or a feature the case needs that it does not list. */
export const unsupported = (info: ImplementationInfo, testCase: ProtocolCase): ParticipantOutcome | undefined => {
  const { op } = testCase;
  if (!(info.ops as readonly string[]).includes(op)) return { status: 'skipped', reason: `op ${op} is not supported by ${info.name}` };
  const declaration = testCase.declaration;
  const givesPlan = op === 'run_internal' && (declaration instanceof Map ? declaration.has('plan') : isPlainObject(declaration) && Object.hasOwn(declaration, 'plan'));
  if (givesPlan && !(info.features ?? []).includes('run_internal_plan')) {
    return { status: 'skipped', reason: `the case gives run_internal a plan (feature run_internal_plan), which ${info.name} does not list` };
  }
  return undefined;
};

/**
 * A case written for sending, or what keeps it from being sent: a value the writer cannot write,
 * or (with a validator) a protocol violation. The texts serve every `runLine` for the case.
 */
export const prepareRequest = (seq: Seq, testCase: ProtocolCase, validator: ProtocolValidator | undefined): { readonly texts: CaseTexts } | { readonly problem: string } => {
  let texts: CaseTexts;
  try {
    texts = writeCase(testCase);
  } catch (error) {
    return { problem: `cannot write the case: ${(error as Error).message}` };
  }
  const problem = validator?.request(runRequest(seq, testCase));
  return problem === undefined ? { texts } : { problem };
};

/** The start reply, checked; anything wrong throws ProtocolError. */
export const readStarted = (line: string, validator: ProtocolValidator | undefined): ImplementationInfo => {
  const message = parseMessage(line);
  const problem = validator?.response(message);
  if (problem !== undefined) throw new ProtocolError(`start reply: ${problem}`);
  return decodeStarted(message, line);
};

const outcomeOf = (response: RunResponse): ParticipantOutcome => {
  switch (response.status) {
    case 'result':
      // The value stays unread until a comparison asks for it.
      return new ResultOutcome(response.text, () => response.result);
    case 'skipped':
      return { status: 'skipped', reason: response.reason };
    case 'errored':
      return { status: 'errored', context: response.context };
  }
};

/**
 * What an answer line means for the request `seq`. A `broken` answer says the stream can no longer be
 * trusted (garbled line, wrong seq): a process participant is restarted. A schema violation of a
 * well-formed answer only errors its own case.
 */
export type Answer = { readonly status: 'answered'; readonly outcome: ParticipantOutcome } | { readonly status: 'broken'; readonly message: string };

/** Decodes an answer, and with a validator checks the whole message against the schema. */
const decodeAnswer = (line: string, seq: Seq, op: string, validator: ProtocolValidator | undefined): { response: RunResponse; problem?: string } => {
  if (validator === undefined) return { response: decodeRunLine(line, seq) };
  const message = parseMessage(line);
  const response = decodeRunResponse(message, line);
  const problem = validator.response(message, op);
  return problem === undefined ? { response } : { response, problem };
};

export const readAnswer = (line: string, seq: Seq, op: string, validator: ProtocolValidator | undefined): Answer => {
  let decoded: { response: RunResponse; problem?: string };
  try {
    decoded = decodeAnswer(line, seq, op, validator);
  } catch (error) {
    if (error instanceof ProtocolError) return { status: 'broken', message: `garbled answer: ${error.message}` };
    throw error;
  }
  const { response, problem } = decoded;
  if (response.seq !== seq) return { status: 'broken', message: `answered seq ${JSON.stringify(response.seq)} where seq ${JSON.stringify(seq)} was due: ${preview(line)}` };
  if (problem !== undefined) return { status: 'answered', outcome: errored({ message: problem }) };
  return { status: 'answered', outcome: outcomeOf(response) };
};
