import { packageVersion } from '../packageVersion.js';
import { decodeRequest } from '../protocol/decode.js';
import { encodeErrored, encodeResult, encodeSkipped, encodeStarted } from '../protocol/encode.js';
import { PROTOCOL_VERSION, isOpName, type ImplementationInfo, type Seq } from '../protocol/messages.js';
import { ProtocolError } from '../protocol/protocolError.js';
import { DeclarationStore } from './declarationStore.js';
import { erroredBy, makeCaseHandler, type CaseAnswer, type CaseHandler, type OpRegistry } from './answerCase.js';
import { tsOps } from './ops/index.js';

/**
 * Answers one request line with one response line. `stop` has no answer: it gives the empty
 * string. A line that cannot be answered at all (not JSON, no usable seq) throws ProtocolError;
 * the caller reports it on stderr, since stdout carries only answers.
 */
export interface LineHandler {
  (line: string): Promise<string>;
  /** The same participant answering a case handed over as it is, without the text, when it can. */
  readonly answerCase?: CaseHandler;
}

export type { OpRegistry } from './answerCase.js';

/** The TypeScript participant's start reply for an op registry. */
export const tsImplementationInfo = (ops: OpRegistry): ImplementationInfo => ({
  name: 'agentparity',
  language: 'typescript',
  version: packageVersion(),
  language_version: `node ${process.versions.node}`,
  ops: Object.keys(ops).filter(isOpName),
  features: ['declaration_key', 'run_internal_plan'],
});

const encodeAnswer = (seq: Seq, answer: CaseAnswer): string => {
  if (answer.status === 'skipped') return encodeSkipped(seq, answer.reason);
  if (answer.status === 'errored') return encodeErrored(seq, answer.context);
  try {
    return encodeResult(seq, answer.result);
  } catch (error) {
    // A result the writer cannot write (a value JSON has no form for) errors its case.
    return encodeErrored(seq, erroredBy(error).context);
  }
};

/**
 * A line handler over an op registry; the tests use their own registries. Its `answerCase`
 * answers a case handed over as it is, for the in-process participant's direct mode.
 */
export const makeLineHandler = (ops: OpRegistry, info: () => ImplementationInfo = () => tsImplementationInfo(ops)): LineHandler => {
  const declarations = new DeclarationStore();
  const answerCase = makeCaseHandler(ops, () => info().name);
  const handler = async (line: string): Promise<string> => {
    const request = decodeRequest(line);
    switch (request.cmd) {
      case 'start':
        if (request.version !== PROTOCOL_VERSION) {
          throw new ProtocolError(`unsupported protocol version ${JSON.stringify(request.version ?? null)}; this participant speaks ${PROTOCOL_VERSION}`, true);
        }
        return encodeStarted(info());
      case 'stop':
        return '';
      case 'invalid':
        return encodeErrored(request.seq, { message: request.message });
      case 'run': {
        const { seq, declarationKey } = request;
        const testCase = declarationKey === undefined ? request.testCase : declarations.resolve(request.testCase, declarationKey);
        if (typeof testCase === 'string') return encodeErrored(seq, { message: testCase });
        return encodeAnswer(seq, await answerCase(testCase));
      }
    }
  };
  return Object.assign(handler, { answerCase });
};

/** The TypeScript participant: every op registered in `conformance/serve/ops/index.ts`. */
export const handleLine: LineHandler = makeLineHandler(tsOps);
