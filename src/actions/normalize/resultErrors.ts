import { AgentparityError, InvalidTypeError, InvalidValueError, untraced } from '../../errors.js';

/** The root of every normalization path, as upstream writes it. */
export const RESULT_ROOT = 'result';

/** What a stack overflow while normalizing is reported as (the upstream Java wording). */
export const TOO_DEEP_MESSAGE = 'Sub-agent result is cyclic or too deeply nested to normalize as JSON';

/** A result too deep for some recursive code on the way (Python `RecursionError`). */
export class ResultTooDeepError extends AgentparityError {
  readonly kind = 'RecursionError';
}

// The upstream messages, word for word (reference §5.1). Paths use the upstream syntax: root
// `result`, `.key` with the key raw, `[i]` for an index. Each describes the data at its path.

export const keyNotString = (path: string): InvalidTypeError =>
  untraced(() => new InvalidTypeError(`Map keys in sub-agent result must be strings at ${path}`, { path, code: 'RESULT_KEY_NOT_STRING' }));

export const notFinite = (path: string): InvalidValueError =>
  untraced(() => new InvalidValueError(`Non-finite number in sub-agent result at ${path}`, { path, code: 'RESULT_NON_FINITE' }));

export const unsupported = (path: string, typeName: string): InvalidTypeError =>
  untraced(() => new InvalidTypeError(`Sub-agent result must be JSON-compatible at ${path}, found ${typeName}`, { path, code: 'RESULT_NOT_JSON' }));

export const cycleDetected = (path: string): InvalidValueError =>
  untraced(() => new InvalidValueError(`Sub-agent result must be JSON-compatible at ${path}, cycle detected`, { path, code: 'RESULT_CYCLE' }));
