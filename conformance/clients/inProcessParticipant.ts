import type { CaseAnswer } from '../serve/answerCase.js';
import { caseDeadline, describeExpiry, requestBytes } from './deadline.js';
import { erroredBy } from '../serve/answerCase.js';
import { handleLine, type LineHandler } from '../serve/handleLine.js';
import { readWhenAsked } from '../protocol/decodeRunLine.js';
import { encodeStart } from '../protocol/encode.js';
import type { ImplementationInfo } from '../protocol/messages.js';
import { runLine } from '../protocol/runLine.js';
import { protocolValidator, type ProtocolValidator } from '../protocol/validateProtocol.js';
import { isCaseWireNormal, isWireNormal } from '../protocol/wireNormal.js';
import { writePyJson } from '../../src/json/writePyJson.js';
import { SentDeclarations } from './declarationKeys.js';
import { ResultOutcome, errored, prepareRequest, readAnswer, readStarted, unsupported } from './exchange.js';
import {
  DEFAULT_TIMEOUT_MS,
  ParticipantStartError,
  type Participant,
  type ParticipantOptions,
  type ParticipantOutcome,
  type ProtocolCase,
  type RunOptions,
} from './participant.js';

/** An answer given without the text, as the text would have carried it. */
const outcomeOf = (answer: CaseAnswer): ParticipantOutcome => {
  if (answer.status === 'skipped') return answer;
  if (answer.status === 'errored') return errored(answer.context);
  let text: string;
  try {
    text = writePyJson(answer.result);
  } catch (error) {
    return errored(erroredBy(error).context);
  }
  // The value as a reader of the text gets it (a whole float stays a float), read when asked for:
  // the op's own value when the text reads back as it is.
  const { result } = answer;
  return new ResultOutcome(text, readWhenAsked(text, () => (isWireNormal(result) ? result : undefined), result));
};

/** What `answer` settles to, or undefined when it takes longer than `timeoutMs`. */
const withinDeadline = async <T>(answer: Promise<T>, timeoutMs: number): Promise<T | undefined> => {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), timeoutMs);
  });
  try {
    return await Promise.race([answer, timedOut]);
  } finally {
    clearTimeout(timer);
  }
};

/**
 * The TypeScript participant in the harness's own process: the same text in and out as the
 * process participant (every request is written and every answer parsed), without the pipe. A
 * case that does not answer in time is reported as errored; its op cannot be killed and runs on.
 *
 * With `direct` (the fuzzers), a case that reads back from its text exactly as it is
 * (`isCaseWireNormal`) is handed to the op as it is, and only the result is written: the op sees
 * what it would have read, and the result text is the one it would have sent. Any other case,
 * and every case under protocol validation, still goes through the text.
 */
export class InProcessParticipant implements Participant {
  readonly name: string;
  readonly inHarnessThread = true;
  private info: ImplementationInfo | undefined;
  private nextSeq = 1;
  private readonly validator: ProtocolValidator | undefined;
  /** Set when the participant takes declarations by key. */
  private declarations: SentDeclarations | undefined;

  constructor(
    private readonly options: ParticipantOptions = {},
    private readonly handler: LineHandler = handleLine,
  ) {
    this.name = options.name ?? 'ts';
    this.validator = options.validateProtocol ? protocolValidator() : undefined;
  }

  async start(): Promise<ImplementationInfo> {
    try {
      if (this.info === undefined) {
        this.info = readStarted(await this.handler(encodeStart()), this.validator);
        if (this.info.features?.includes('declaration_key')) this.declarations = new SentDeclarations();
      }
      return this.info;
    } catch (error) {
      throw new ParticipantStartError({ message: `bad start reply: ${(error as Error).message}` });
    }
  }

  async run(testCase: ProtocolCase, options: RunOptions = {}): Promise<ParticipantOutcome> {
    let info = this.info;
    if (info === undefined) {
      try {
        info = await this.start();
      } catch (error) {
        return errored((error as ParticipantStartError).context);
      }
    }
    const skipped = unsupported(info, testCase);
    if (skipped) return skipped;
    const seq = this.nextSeq++;
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const answerCase = this.options.direct && this.validator === undefined ? this.handler.answerCase : undefined;
    // A wire-normal case is one the writer can write, so it needs no writing to be checked.
    if (answerCase !== undefined && isCaseWireNormal(testCase)) {
      // An op that answered at once needs no deadline: none could have stopped it.
      const answer = answerCase(testCase);
      if (!(answer instanceof Promise)) return outcomeOf(answer);
      // Unwritten, its size is not known: the base deadline applies.
      const deadline = caseDeadline(timeoutMs);
      const settled = await withinDeadline(answer, deadline.ms);
      return settled === undefined ? errored({ message: describeExpiry(this.name, testCase, deadline, deadline.ms) }) : outcomeOf(settled);
    }
    const prepared = prepareRequest(seq, testCase, this.validator);
    if ('problem' in prepared) return errored({ message: prepared.problem });
    try {
      const deadline = caseDeadline(timeoutMs, requestBytes(prepared.texts));
      const line = await withinDeadline(this.handler(runLine(seq, prepared.texts, this.declarations?.formFor(testCase))), deadline.ms);
      if (line === undefined) return errored({ message: describeExpiry(this.name, testCase, deadline, deadline.ms) });
      const answer = readAnswer(line, seq, testCase.op, this.validator);
      return answer.status === 'broken' ? errored({ message: answer.message }) : answer.outcome;
    } catch (error) {
      return errored({ message: `the participant could not answer: ${(error as Error).message}` });
    }
  }

  async stop(): Promise<void> {}
}
