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
  | 'OverflowError'
  // Python's asyncio.CancelledError: a run that was cancelled, never a refusal.
  | 'CancelledError';

const FOOTPRINT = Symbol.for('agentparity/AgentparityError');

/** `InvalidValueError` -> `INVALID_VALUE`: the code of an error that names none of its own. */
export const codeOfClass = (name: string): string =>
  name.replace(/Error$/, '').replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();

export interface AgentparityErrorOptions {
  readonly path?: string;
  readonly cause?: unknown;
  /** The stable code (`RESULT_CYCLE`); the class's own (`INVALID_VALUE` for `InvalidValueError`) by default. */
  readonly code?: string;
}

export abstract class AgentparityError extends Error {
  abstract readonly kind: ErrorKind;
  readonly [FOOTPRINT] = true;
  /** Where in the input the problem was found, in the notation of the operation that raised it. */
  readonly path: string | undefined;
  /**
   * What failed, in words that do not change when a message is reworded (docs/protocol.md lists
   * every code); the same failure has the same code in both languages.
   */
  readonly code: string;

  constructor(message: string, options: AgentparityErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.path = options.path;
    this.code = options.code ?? codeOfClass(new.target.name);
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
 * The codes both runtimes give the failures they name, each with its kind and upstream message
 * template: the protocol carries these (docs/protocol.md, "Error codes"). Another error's code
 * (its class's, `INVALID_VALUE`) stays inside this runtime until the Python reference names the
 * same failure.
 */
export const ERROR_CODES: ReadonlyMap<string, { readonly kind: ErrorKind; readonly message: string }> = new Map<string, { readonly kind: ErrorKind; readonly message: string }>([
  ['RESULT_KEY_NOT_STRING', { kind: 'TypeError', message: 'Map keys in sub-agent result must be strings at {path}' }],
  ['RESULT_NON_FINITE', { kind: 'ValueError', message: 'Non-finite number in sub-agent result at {path}' }],
  ['RESULT_NOT_JSON', { kind: 'TypeError', message: 'Sub-agent result must be JSON-compatible at {path}, found {type}' }],
  ['RESULT_CYCLE', { kind: 'ValueError', message: 'Sub-agent result must be JSON-compatible at {path}, cycle detected' }],
  ['RESOURCE_NOT_FOUND', { kind: 'KeyError', message: "Resource not found: '{name}' of type ResourceType.{TYPE}" }],
  ['RESOURCE_DUPLICATE', { kind: 'ValueError', message: 'Duplicate resource name: {name}' }],
  ['REPLAY_MISMATCH', { kind: 'RuntimeError', message: 'Durable call {key} was recorded for {recorded}, but the replayed run called {name}' }],
]);

/** The code an error travels with in the protocol: one of `ERROR_CODES`, else none. */
export const protocolCode = (error: unknown): string | undefined =>
  isAgentparityError(error) && ERROR_CODES.has(error.code) ? error.code : undefined;

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
