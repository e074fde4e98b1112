/**
 * Errors the runtime raises, each with a `kind` named after the Python exception the reference
 * raises for the same failure, so that the harness can compare "the same kind of error" across
 * languages. Recognise them with `isAgentparityError`, which works where `instanceof` does not
 * (two copies of the package loaded at once).
 */
export type ErrorKind =
  | 'ValueError'
  | 'TypeError'
  | 'KeyError'
  | 'ValidationError'
  | 'NotImplementedError'
  | 'RuntimeError'
  | 'RecursionError'
  | 'OverflowError';

const FOOTPRINT = Symbol.for('agentparity/AgentparityError');

export abstract class AgentparityError extends Error {
  abstract readonly kind: ErrorKind;
  readonly [FOOTPRINT] = true;
  /** Where in the input the problem was found, in the notation of the operation that raised it. */
  readonly path: string | undefined;

  constructor(message: string, options: { path?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.path = options.path;
  }
}

/**
 * Makes an error that describes refused data without capturing a stack. Such errors are made once
 * per refused value (thousands in a fuzzing run); the stack costs more than the rest of the error
 * and says nothing about the data, whose path the error carries.
 */
export const untraced = <E extends Error>(make: () => E): E => {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return make();
  } finally {
    Error.stackTraceLimit = limit;
  }
};

export const isAgentparityError = (error: unknown): error is AgentparityError =>
  typeof error === 'object' && error !== null && (error as { [FOOTPRINT]?: unknown })[FOOTPRINT] === true;

/**
 * The kind a failure is reported and recorded under: the Python exception name, the JavaScript
 * error name for another error, `Exception` for a thrown value that is no error (Python can raise
 * nothing else).
 */
export const errorKind = (error: unknown): string =>
  isAgentparityError(error) ? error.kind : error instanceof Error ? error.name : 'Exception';

/** A value that is the right type but not acceptable (Python `ValueError`). */
export class InvalidValueError extends AgentparityError {
  readonly kind = 'ValueError';
}

/** A value of the wrong type (Python `TypeError`). */
export class InvalidTypeError extends AgentparityError {
  readonly kind = 'TypeError';
}

/** A name that resolves to nothing (Python `KeyError`). */
export class NotFoundError extends AgentparityError {
  readonly kind = 'KeyError';
}

/** A value that a declared type refuses (pydantic `ValidationError`). */
export class TypeValidationError extends AgentparityError {
  readonly kind = 'ValidationError';
}

/** An operation the object does not offer by design (Python `NotImplementedError`). */
export class NotSupportedError extends AgentparityError {
  readonly kind = 'NotImplementedError';
}

/** A number beyond what the Python type that must hold it can (Python `OverflowError`). */
export class RangeOverflowError extends AgentparityError {
  readonly kind = 'OverflowError';
}

/** A malformed type declaration; `path` is the JSON path of the offending node (`$.models[0].fields[1].type`). */
export class DeclarationError extends AgentparityError {
  readonly kind = 'ValueError';
}
