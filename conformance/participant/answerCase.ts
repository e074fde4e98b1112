import type { PyJson } from '../../src/json/pyJson.js';
import type { ErrorContext } from '../protocol/messages.js';
import { isPyObject } from '../util/pyObject.js';
import type { OpHandler, OpName, ProtocolCase } from './ops/index.js';

export type OpRegistry = Partial<Record<OpName, OpHandler>>;

/** What a participant answers to one case, before it is written as a line. */
export type CaseAnswer = { readonly result: PyJson } | { readonly skipped: string } | { readonly errored: ErrorContext };

/** Answers a case; never rejects. */
export type CaseHandler = (testCase: ProtocolCase) => Promise<CaseAnswer>;

/** What an error thrown while answering says, as the context of an `errored` answer. */
export const erroredBy = (error: unknown): { readonly errored: ErrorContext } =>
  error instanceof Error
    ? { errored: { message: `${error.name}: ${error.message}`, ...(error.stack === undefined ? {} : { traceback: error.stack }) } }
    : { errored: { message: `thrown non-error value: ${String(error)}` } };

/**
 * Runs a case's op from the registry: its result (an object), its reason to skip, or what it
 * threw, as `errored` with the stack. `name` is the participant's, for an op it does not offer.
 */
export const makeCaseHandler =
  (ops: OpRegistry, name: () => string): CaseHandler =>
  async (testCase) => {
    const handler = Object.hasOwn(ops, testCase.op) ? ops[testCase.op] : undefined;
    if (handler === undefined) return { skipped: `op ${testCase.op} is not supported by ${name()}` };
    try {
      const outcome = await handler(testCase);
      if ('skipped' in outcome) return outcome;
      if (!isPyObject(outcome.result)) return { errored: { message: `op ${testCase.op} returned a result that is not a JSON object` } };
      return outcome;
    } catch (error) {
      return erroredBy(error);
    }
  };
