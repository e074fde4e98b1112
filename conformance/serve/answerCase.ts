import type { PyJson } from '../../src/json/pyJson.js';
import type { ErrorContext } from '../protocol/messages.js';
import { isPyObject } from '../util/pyObject.js';
import type { OpHandler, OpName, OpOutcome, ProtocolCase } from './ops/index.js';

export type OpRegistry = Partial<Record<OpName, OpHandler>>;

/** What a participant answers to one case, before it is written as a line. */
export type CaseAnswer =
  | { readonly status: 'result'; readonly result: PyJson }
  | { readonly status: 'skipped'; readonly reason: string }
  | { readonly status: 'errored'; readonly context: ErrorContext };

/** Answers a case, at once when its op answers at once; never throws or rejects. */
export type CaseHandler = (testCase: ProtocolCase) => CaseAnswer | Promise<CaseAnswer>;

/** What an error thrown while answering says, as the context of an `errored` answer. */
export const erroredBy = (error: unknown): { readonly status: 'errored'; readonly context: ErrorContext } => ({
  status: 'errored',
  context:
    error instanceof Error
      ? { message: `${error.name}: ${error.message}`, ...(error.stack === undefined ? {} : { traceback: error.stack }) }
      : { message: `thrown non-error value: ${String(error)}` },
});

const checked = (op: string, outcome: OpOutcome): CaseAnswer => {
  // An op's outcome is the kit's public shape (key presence); the answer is a union on `status`.
  if ('skipped' in outcome) return { status: 'skipped', reason: outcome.skipped };
  if (!isPyObject(outcome.result)) return { status: 'errored', context: { message: `op ${op} returned a result that is not a JSON object` } };
  return { status: 'result', result: outcome.result };
};

/**
 * Runs a case's op from the registry: its result (an object), its reason to skip, or what it
 * threw, as `errored` with the stack. `name` is the participant's, for an op it does not offer.
 * An op that answers at once is answered at once: a fuzzing run pays for every promise.
 */
export const makeCaseHandler =
  (ops: OpRegistry, name: () => string): CaseHandler =>
  (testCase) => {
    const handler = Object.hasOwn(ops, testCase.op) ? ops[testCase.op] : undefined;
    if (handler === undefined) return { status: 'skipped', reason: `op ${testCase.op} is not supported by ${name()}` };
    try {
      const outcome = handler(testCase);
      if (outcome instanceof Promise) return outcome.then((settled) => checked(testCase.op, settled), erroredBy);
      return checked(testCase.op, outcome);
    } catch (error) {
      return erroredBy(error);
    }
  };
