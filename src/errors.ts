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

/** `InvalidValueError` -> `INVALID_VALUE`: the code of an error raised where no failure code is named yet. */
export const codeOfClass = (name: string): string =>
  name.replace(/Error$/, '').replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();

export interface AgentparityErrorOptions {
  readonly path?: string;
  readonly cause?: unknown;
  /** The failure's code (`RESULT_CYCLE`), one of `ERROR_CODES`. */
  readonly code?: ErrorCode;
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
 * A failure's kind (`recorded`: the kind its durable record holds), its upstream message as a
 * template, and the one runtime that raises it, if only one does.
 */
export interface ErrorCodeEntry {
  readonly kind: ErrorKind | 'recorded';
  readonly message: string;
  readonly only?: 'typescript' | 'python';
}

/**
 * Every code the runtimes give a failure they raise on purpose, each with its kind and its message
 * template (`{path}` the error's path, the other slots what the message names). The same failure
 * has the same code, kind and template in both languages; `only` marks a failure one runtime alone
 * has. Mirrored by `ERROR_CODES` in `agentparity_ref/errors.py`; docs/protocol.md, "Every code",
 * lists it.
 */
export const ERROR_CODES = {
  CALLABLE_DUPLICATE: { kind: 'ValueError', message: 'Duplicate callable name: {name}' },
  CALLABLE_MALFORMED: { kind: 'TypeError', message: 'A callable must carry a name, a description and parameters, but was {type}' },
  CALLABLE_SUBAGENT_NOT_SETUP: { kind: 'TypeError', message: 'Sub-agent {name} must resolve to a SubagentSetup, but was {type}' },
  CALLABLE_SUBAGENT_NO_ARGUMENTS: { kind: 'ValueError', message: 'Sub-agent {name} declares neither an input schema nor an input type, so there are no arguments for the model to build a call from.' },
  CHAT_CONNECTION_ARGUMENT: { kind: 'ValueError', message: "Chat model connection '{name}': {reason}" },
  CHAT_ENDPOINT_LENGTH: { kind: 'ValueError', message: '{url} cut the answer off at its length limit (finish_reason "length")' },
  CHAT_ENDPOINT_NOT_JSON: { kind: 'ValueError', message: '{url} answered with text that is not JSON: {reason}' },
  CHAT_ENDPOINT_NO_CHOICES: { kind: 'ValueError', message: '{url} answered without choices' },
  CHAT_ENDPOINT_STATUS: { kind: 'ValueError', message: '{url} answered {status}: {text}' },
  CHAT_ENDPOINT_TIMEOUT: { kind: 'ValueError', message: '{url} did not answer: no answer within {ms} ms' },
  CHAT_ENDPOINT_UNREACHABLE: { kind: 'ValueError', message: '{url} did not answer: connection failed ({reason})' },
  CHAT_MESSAGE_CONTENT_NOT_STRING: { kind: 'TypeError', message: '{where}.content must be a string' },
  CHAT_MESSAGE_ROLE: { kind: 'TypeError', message: '{where}.role must be one of {roles}' },
  CHAT_MESSAGE_TOOL_CALLS_NOT_LIST: { kind: 'TypeError', message: '{where}.tool_calls must be a list' },
  CHAT_MODEL_NAME_MISSING: { kind: 'ValueError', message: '{function} needs the name of a chat model under "chat_model" in its configuration' },
  CHAT_MODEL_NOT_OPEN: { kind: 'ValueError', message: 'The chat model setup for {model} is not open: call open() first' },
  DURABLE_CALLABLE_ASYNC: { kind: 'TypeError', message: '{function} needs a synchronous callable; {name} returned {what}, use {async_function}' },
  JSON_CIRCULAR: { kind: 'ValueError', message: 'Circular reference detected', only: 'typescript' },
  JSON_FLOAT_OUT_OF_RANGE: { kind: 'ValueError', message: 'Out of range float values are not JSON compliant', only: 'typescript' },
  JSON_KEY_TYPE: { kind: 'TypeError', message: 'keys must be str, int, float, bool or None, not {type}', only: 'typescript' },
  JSON_NOT_SERIALIZABLE: { kind: 'TypeError', message: 'Object of type {type} is not JSON serializable', only: 'typescript' },
  MCP_CLIENT_START: { kind: 'RuntimeError', message: '{reason}', only: 'python' },
  MCP_NO_ANSWER: { kind: 'RuntimeError', message: 'no answer to {method} within {seconds} seconds', only: 'python' },
  MCP_REQUEST_FAILED: { kind: 'RuntimeError', message: '{method} failed: {message}', only: 'python' },
  MCP_SERVER_ARGUMENT: { kind: 'ValueError', message: "MCP server '{name}': {reason}" },
  MCP_SERVER_EXITED: { kind: 'RuntimeError', message: 'the server exited before answering {method}', only: 'python' },
  MCP_SERVER_INPUT_CLOSED: { kind: 'RuntimeError', message: 'the server closed its input: {reason}', only: 'python' },
  RECORDED_FAILURE: { kind: 'recorded', message: '{message}' },
  REPLAY_MISMATCH: { kind: 'RuntimeError', message: 'Durable call {key} was recorded for {recorded}, but the replayed run called {name}' },
  RESOURCE_DUPLICATE: { kind: 'ValueError', message: 'Duplicate resource name: {name}' },
  RESOURCE_NOT_FOUND: { kind: 'KeyError', message: "Resource not found: '{name}' of type ResourceType.{TYPE}" },
  RESULT_CYCLE: { kind: 'ValueError', message: 'Sub-agent result must be JSON-compatible at {path}, cycle detected' },
  RESULT_KEY_NOT_STRING: { kind: 'TypeError', message: 'Map keys in sub-agent result must be strings at {path}' },
  RESULT_NON_FINITE: { kind: 'ValueError', message: 'Non-finite number in sub-agent result at {path}' },
  RESULT_NOT_JSON: { kind: 'TypeError', message: 'Sub-agent result must be JSON-compatible at {path}, found {type}' },
  RESULT_TOO_DEEP: { kind: 'RecursionError', message: 'Sub-agent result is cyclic or too deeply nested to normalize as JSON' },
  SCHEMA_COMPUTED_FIELD_NOT_IMPLEMENTED: { kind: 'TypeError', message: 'computed field {field} of the declared model {model} has no implementation', only: 'typescript' },
  SCHEMA_INVALID_FOR_JSON_SCHEMA: { kind: 'TypeError', message: '{detail}\n\nFor further information visit https://errors.pydantic.dev/2.13/u/invalid-for-json-schema', only: 'typescript' },
  SCHEMA_REF_UNRESOLVED: { kind: 'TypeError', message: '{ref}', only: 'typescript' },
  SCRIPTED_TURN_MISSING: { kind: 'ValueError', message: 'The scripted model has no turn {turn} ({count} scripted)' },
  SUBAGENT_BARE_FUNCTION: { kind: 'NotImplementedError', message: 'A FunctionSubagentSetup whose run is a bare function cannot be put in a plan: give run as new TypeScriptFunction(module, qualname, fn).', only: 'typescript' },
  SUBAGENT_ENDPOINT_STATUS: { kind: 'RuntimeError', message: '{endpoint} answered {status}: {text}' },
  SUBAGENT_FAILED: { kind: 'RuntimeError', message: '{message}' },
  SUBAGENT_FUNCTION_NOT_IMPLEMENTED: { kind: 'NotImplementedError', message: 'Sub-agent runs {function}, which has no implementation in this process.' },
  SUBAGENT_INPUT_SCHEMA_BLANK: { kind: 'ValueError', message: 'Sub-agent input schema must not be blank.' },
  SUBAGENT_INPUT_TYPE_NOT_RENDERABLE: { kind: 'TypeError', message: 'Sub-agent input type {type} cannot be rendered as a JSON Schema, so it cannot be declared to a chat model. Declare an input schema explicitly, or use an input type whose fields are all JSON-Schema-renderable. Rendering it reported: {reason}' },
  SUBAGENT_INPUT_TYPE_UNSUPPORTED: { kind: 'TypeError', message: 'Sub-agent input type {type} is not supported. Declare a pydantic BaseModel, or declare an input schema explicitly.' },
  SUBAGENT_NOT_SUBMITTABLE: { kind: 'TypeError', message: "'{type}' object has no attribute 'submit'", only: 'typescript' },
  SUBAGENT_TOOL_METADATA_ONLY: { kind: 'NotImplementedError', message: 'SubagentTool is metadata-only; resolve the AGENT resource at execution time.' },
  SUBAGENT_TOOL_SCHEMA_NOT_JSON: { kind: 'ValueError', message: 'Sub-agent {name} declares an input schema that is not valid JSON.' },
  TOOL_CALL_ID_NOT_STRING: { kind: 'TypeError', message: '{where}.id must be a string' },
  TOOL_CALL_NAME_NOT_STRING: { kind: 'TypeError', message: '{where}.name must be a string' },
  TOOL_CALL_ORIGINAL_ID_NOT_STRING: { kind: 'TypeError', message: '{where}.original_id must be a string or null' },
  TOOL_DESCRIPTION_TOO_LONG: { kind: 'ValueError', message: 'The description of {name} is {length} characters long; a function description must be at most {limit}.' },
  TOOL_FUNCTION_NOT_IMPLEMENTED: { kind: 'NotImplementedError', message: 'Tool {name} runs {function}, which has no implementation in this process.' },
  TOOL_REQUEST_UNKNOWN: { kind: 'ValueError', message: 'No conversation waits for tool request {request_id}' },
  TOOL_RESPONSE_MALFORMED: { kind: 'TypeError', message: 'a recorded tool response needs result (string), success (boolean) and error (string or null)' },
  VALUE_NOT_OBJECT: { kind: 'TypeError', message: '{where} must be an object' },
} as const satisfies Readonly<Record<string, ErrorCodeEntry>>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(ERROR_CODES, code);

/** The code an error travels with in the protocol: one of `ERROR_CODES`, else none. */
export const protocolCode = (error: unknown): ErrorCode | undefined =>
  isAgentparityError(error) && isErrorCode(error.code) ? error.code : undefined;

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
