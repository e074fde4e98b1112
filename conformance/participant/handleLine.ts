import { readFileSync } from 'node:fs';
import type { PyJson } from '../../src/json/pyJson.js';
import { packageRoot } from '../packageRoot.js';
import { decodeRequest } from '../protocol/decode.js';
import { encodeErrored, encodeResult, encodeSkipped, encodeStarted } from '../protocol/encode.js';
import { PROTOCOL_VERSION, isOpName, type ImplementationInfo, type Seq } from '../protocol/messages.js';
import { ProtocolError } from '../protocol/protocolError.js';
import { isPyObject } from '../util/pyObject.js';
import { DeclarationStore } from './declarationStore.js';
import { tsOps, type OpHandler, type OpName, type ProtocolCase } from './ops/index.js';

/**
 * Answers one request line with one response line. `stop` has no answer: it gives the empty
 * string. A line that cannot be answered at all (not JSON, no usable seq) throws ProtocolError;
 * the caller reports it on stderr, since stdout carries only answers.
 */
export type LineHandler = (line: string) => Promise<string>;

export type OpRegistry = Partial<Record<OpName, OpHandler>>;

let version: string | undefined;

const packageVersion = (): string => {
  if (version === undefined) {
    const manifest = JSON.parse(readFileSync(`${packageRoot()}/package.json`, 'utf8')) as { version?: unknown };
    version = typeof manifest.version === 'string' ? manifest.version : '0.0.0';
  }
  return version;
};

/** The TypeScript participant's start reply for an op registry. */
export const tsImplementationInfo = (ops: OpRegistry): ImplementationInfo => ({
  name: 'agentparity',
  language: 'typescript',
  version: packageVersion(),
  language_version: `node ${process.versions.node}`,
  ops: Object.keys(ops).filter(isOpName),
  features: ['declaration_key'],
});

const errored = (seq: Seq, error: unknown): string =>
  error instanceof Error
    ? encodeErrored(seq, { message: `${error.name}: ${error.message}`, ...(error.stack === undefined ? {} : { traceback: error.stack }) })
    : encodeErrored(seq, { message: `thrown non-error value: ${String(error)}` });

const runOp = async (seq: Seq, handler: OpHandler, testCase: ProtocolCase): Promise<string> => {
  const outcome = await handler(testCase);
  if ('skipped' in outcome) return encodeSkipped(seq, outcome.skipped);
  const result: PyJson = outcome.result;
  if (!isPyObject(result)) return encodeErrored(seq, { message: `op ${testCase.op} returned a result that is not a JSON object` });
  return encodeResult(seq, result);
};

/** A line handler over an op registry; the tests use their own registries. */
export const makeLineHandler = (ops: OpRegistry, info: () => ImplementationInfo = () => tsImplementationInfo(ops)): LineHandler => {
  const declarations = new DeclarationStore();
  return async (line) => {
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
        const handler = Object.hasOwn(ops, testCase.op) ? ops[testCase.op] : undefined;
        if (handler === undefined) return encodeSkipped(seq, `op ${testCase.op} is not supported by ${info().name}`);
        try {
          return await runOp(seq, handler, testCase);
        } catch (error) {
          return errored(seq, error);
        }
      }
    }
  };
};

/** The TypeScript participant: every op registered in `conformance/participant/ops/index.ts`. */
export const handleLine: LineHandler = makeLineHandler(tsOps);
