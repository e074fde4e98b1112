import { isAgentparityError, protocolCode, type ErrorKind as RuntimeErrorKind } from '../../src/errors.js';
import type { PyJson } from '../../src/json/pyJson.js';
import { ValueValidationError } from '../../src/types/validateValue.js';
import type { OpOutcome } from '../serve/ops/index.js';

/** The kinds an error result may carry: a cancellation is never one (it is not a refusal). */
export type ErrorKind = Exclude<RuntimeErrorKind, 'CancelledError'>;

/** The kinds of the protocol (docs/protocol.md, "The rule for kind"). */
export const ERROR_KINDS: readonly ErrorKind[] = [
  'ValueError',
  'TypeError',
  'KeyError',
  'ValidationError',
  'NotImplementedError',
  'RuntimeError',
  'RecursionError',
  'OverflowError',
];

export interface ErrorShapeOptions {
  /** The kind of an error that is not one of agentparity's (which carry their own). */
  readonly kind?: ErrorKind;
  /** Where the problem was found, in the op's notation; an agentparity error's own path otherwise. */
  readonly path?: string;
}

/**
 * An error an op reports, as the protocol's result `{error: {kind, code?, message, path?, text?}}`
 * (mirrors `agentparity_ref/kit/error_shape.py`). An agentparity error carries its kind and
 * path, and a validation error its whole text; any other error needs `options.kind`, and without
 * one is thrown again, so that the participant answers `errored`: a bug is not a refusal.
 */
export const errorResult = (error: unknown, options: ErrorShapeOptions = {}): OpOutcome => {
  const own = isAgentparityError(error);
  const kind = own ? error.kind : options.kind;
  if (kind === undefined || kind === 'CancelledError' || !(error instanceof Error)) throw error;
  const body = new Map<string, PyJson>([['kind', kind]]);
  const code = protocolCode(error);
  if (code !== undefined) body.set('code', code);
  body.set('message', error.message);
  const path = options.path ?? (own ? error.path : undefined);
  if (path !== undefined) body.set('path', path);
  if (error instanceof ValueValidationError) body.set('text', error.text);
  return { result: new Map([['error', body]]) };
};
