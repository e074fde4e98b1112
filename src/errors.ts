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

export interface AgentparityErrorOptions {
  readonly path?: string;
  readonly cause?: unknown;
  /** The failure's code (`RESULT_CYCLE`), one of `ERROR_CODES`. */
  readonly code: ErrorCode;
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
  readonly code: ErrorCode;

  constructor(message: string, options: AgentparityErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.path = options.path;
    this.code = options.code;
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
  ACTION_DUPLICATE: { kind: 'ValueError', message: 'Action {name} already defined' },
  ACTION_FUNCTION_NOT_IMPLEMENTED: { kind: 'NotImplementedError', message: 'Action {name}{where} runs {function}, which has no implementation in this process.' },
  ACTION_NO_VECTOR_STORES: { kind: 'NotImplementedError', message: 'The local runner has no vector stores to answer a context retrieval request.' },
  AGENTS_NONE: { kind: 'ValueError', message: 'the declaration declares no agent to build' },
  AGENTS_SEVERAL: { kind: 'ValueError', message: 'the declaration declares several agents ({names}): name the one to build' },
  AGENT_DUPLICATE: { kind: 'ValueError', message: 'Duplicate agent name {name} in {source}' },
  AGENT_RESOURCE_NOT_SETUP: { kind: 'TypeError', message: "AGENT resource '{name}' must be a SubagentSetup, a ResourceDescriptor, or an Agent, but got {type}." },
  AGENT_UNDECLARED: { kind: 'ValueError', message: 'no agent named {name} is declared' },
  BYTES_NOT_UTF8: { kind: 'ValueError', message: "'utf-8' codec can't decode byte 0x{byte} in position {position}: invalid utf-8", only: 'typescript' },
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
  CLASS_ALREADY_REGISTERED: { kind: 'TypeError', message: 'class {class} is already registered' },
  CLASS_NOT_BUILDABLE: { kind: 'TypeError', message: 'class {class} cannot be built from a descriptor' },
  CLASS_NOT_REGISTERED: { kind: 'TypeError', message: '{class} is not in the class registry, so a plan cannot name it' },
  CLASS_UNKNOWN: { kind: 'ValueError', message: 'unknown class {class}: it is not in the class registry' },
  COMPUTED_FIELD_NOT_IMPLEMENTED: { kind: 'NotImplementedError', message: "computed field '{field}' of the declared model '{model}' has no implementation", only: 'typescript' },
  DECLARATION_CONSTRAINT_NOT_APPLICABLE: { kind: 'ValueError', message: 'constraint "{key}" does not apply to type "{type_name}"' },
  DECLARATION_DEFAULT_AND_FACTORY: { kind: 'ValueError', message: 'a field cannot have both a default and a default_factory' },
  DECLARATION_DEFAULT_CYCLE: { kind: 'ValueError', message: 'model default cycle: {names}' },
  DECLARATION_DEFAULT_MISMATCH: { kind: 'ValueError', message: 'a default of kind "{kind}" needs {what}, got {value}' },
  DECLARATION_DEFAULT_NEEDS_ITSELF: { kind: 'ValueError', message: 'a model-instance default that needs itself to be made: {labels}' },
  DECLARATION_DEFS_KEY_CLASH: { kind: 'ValueError', message: '"{name}" and "{other}" share the $defs key "{key}"' },
  DECLARATION_DISCRIMINATOR_ALIAS: { kind: 'ValueError', message: 'discriminator field "{key}" has property key "{prop}" in "{model}" but "{first_prop}" in "{first}"' },
  DECLARATION_DISCRIMINATOR_FIELD_MISSING: { kind: 'ValueError', message: "Model '{model}' needs a discriminator field for key '{key}'" },
  DECLARATION_DISCRIMINATOR_NEEDS_UNION: { kind: 'ValueError', message: 'discriminator "{key}" needs a union of models' },
  DECLARATION_DISCRIMINATOR_NOT_LITERAL: { kind: 'ValueError', message: "Model '{model}' needs field '{key}' to be of type `Literal`" },
  DECLARATION_DISCRIMINATOR_TWICE: { kind: 'ValueError', message: 'a discriminator on both the field and its union type' },
  DECLARATION_DISCRIMINATOR_VALUE_CLASH: { kind: 'ValueError', message: 'discriminator value "{tag}" is used by both "{first}" and "{second}"' },
  DECLARATION_DISCRIMINATOR_VALUE_TYPE: { kind: 'ValueError', message: 'discriminator value {value} of model "{model}" is not a string or an integer' },
  DECLARATION_DISCRIMINATOR_VARIANT: { kind: 'ValueError', message: "The core schema type '{core_type}' is not a valid discriminated union variant.{hint}" },
  DECLARATION_DUPLICATE_ENUM: { kind: 'ValueError', message: 'duplicate enum name "{name}"' },
  DECLARATION_DUPLICATE_FIELD: { kind: 'ValueError', message: 'duplicate field name "{name}"' },
  DECLARATION_DUPLICATE_LITERAL: { kind: 'ValueError', message: 'duplicate literal value {value}' },
  DECLARATION_DUPLICATE_MEMBER_NAME: { kind: 'ValueError', message: 'duplicate enum member name "{name}"' },
  DECLARATION_DUPLICATE_MEMBER_VALUE: { kind: 'ValueError', message: 'duplicate enum member value {value}' },
  DECLARATION_DUPLICATE_MODEL: { kind: 'ValueError', message: 'duplicate model name "{name}"' },
  DECLARATION_DUPLICATE_PROPERTY_KEY: { kind: 'ValueError', message: 'duplicate property key "{key}" in {mode} mode' },
  DECLARATION_DUPLICATE_SET_ELEMENT: { kind: 'ValueError', message: 'duplicate set element {value}' },
  DECLARATION_DUPLICATE_UNION_MEMBER: { kind: 'ValueError', message: 'duplicate union member' },
  DECLARATION_EMPTY_ENUM: { kind: 'ValueError', message: 'an enum needs at least one member' },
  DECLARATION_EMPTY_LITERAL: { kind: 'ValueError', message: 'a literal needs at least one value' },
  DECLARATION_EMPTY_UNION: { kind: 'ValueError', message: 'a union needs at least one member' },
  DECLARATION_ENUM_AND_MODEL: { kind: 'ValueError', message: '"{name}" is declared both as an enum and as a model' },
  DECLARATION_ENUM_BASE: { kind: 'ValueError', message: 'an enum with base "{base}" needs {what} values, got {value}' },
  DECLARATION_EXPECTED: { kind: 'ValueError', message: 'expected {what}, got {value}' },
  DECLARATION_FACTORY_ONE_OF: { kind: 'ValueError', message: 'a default_factory needs exactly one of "builtin" or "returns"' },
  DECLARATION_FILE_EXTENSION: { kind: 'ValueError', message: '{file}: unsupported declaration file extension {extension}; expected .json, .yaml or .yml' },
  DECLARATION_FILE_UNREADABLE: { kind: 'ValueError', message: '{file}: {path}cannot read declaration: {reason}' },
  DECLARATION_HOLDS_UNSTABLE_SET: { kind: 'ValueError', message: "a set inside a model-instance default is printed in Python's hash order, which changes from run to run" },
  DECLARATION_INT_CONSTRAINT: { kind: 'ValueError', message: 'constraint "{key}" on type "int" needs an integer (a float only whole and within 64 bits), got {value}' },
  DECLARATION_KEY_NEEDS_KIND: { kind: 'ValueError', message: 'key "{key}" is only allowed with kind "{key}"' },
  DECLARATION_MEMBER_RESERVED: { kind: 'ValueError', message: 'enum member name "{name}" is reserved by Enum' },
  DECLARATION_MEMBER_UNDERSCORE: { kind: 'ValueError', message: 'enum member name "{name}" starts with an underscore' },
  DECLARATION_MISSING_KEY: { kind: 'ValueError', message: 'missing required key "{key}"' },
  DECLARATION_MULTIPLE_OF_ZERO: { kind: 'ValueError', message: 'constraint "multiple_of" must not be 0' },
  DECLARATION_NON_FINITE: { kind: 'ValueError', message: 'expected a finite number, got {value}' },
  DECLARATION_NOT_ONE_OF: { kind: 'ValueError', message: 'expected one of {choices}, got "{value}"' },
  DECLARATION_NOT_PYTHON_NAME: { kind: 'ValueError', message: '"{name}" is not a valid Python name' },
  DECLARATION_NO_ENUM_MEMBER: { kind: 'ValueError', message: 'enum "{name}" has no member with value {value}' },
  DECLARATION_OPTIONAL_WITHOUT_DEFAULT: { kind: 'ValueError', message: 'a field that is not required needs a default or a default_factory' },
  DECLARATION_OVERFLOWING_DEFAULT: { kind: 'ValueError', message: 'model "{model}" cannot make the default: OverflowError: {message}' },
  DECLARATION_PRIVATE_FIELD: { kind: 'ValueError', message: 'field name "{name}" starts with an underscore, which pydantic treats as private' },
  DECLARATION_REFUSED_DEFAULT: { kind: 'ValueError', message: 'model "{model}" refuses the default: {message}{where}' },
  DECLARATION_REQUIRED_WITH_DEFAULT: { kind: 'ValueError', message: 'a required field cannot have a {key}' },
  DECLARATION_SHADOWS_BASE_MODEL: { kind: 'ValueError', message: 'field name "{name}" shadows a pydantic BaseModel attribute' },
  DECLARATION_TAKES_UNSTABLE_SET: { kind: 'ValueError', message: 'the instance takes the set default of "{label}", whose strings Python prints in hash order, which changes from run to run' },
  DECLARATION_TOO_DEEP: { kind: 'ValueError', message: 'the declaration nests deeper than {limit} levels' },
  DECLARATION_UNKNOWN_CONSTRAINT: { kind: 'ValueError', message: 'unknown constraint "{key}"' },
  DECLARATION_UNKNOWN_DEFAULT_KIND: { kind: 'ValueError', message: 'unknown default kind "{kind}"' },
  DECLARATION_UNKNOWN_ENUM: { kind: 'ValueError', message: 'enum "{name}" is not declared' },
  DECLARATION_UNKNOWN_KEY: { kind: 'ValueError', message: 'unknown key "{key}"' },
  DECLARATION_UNKNOWN_MODEL: { kind: 'ValueError', message: 'model "{name}" is not declared' },
  DECLARATION_UNKNOWN_TYPE: { kind: 'ValueError', message: 'unknown type "{name}"' },
  DECLARATION_UNREAD_DEFAULT_VALUE: { kind: 'ValueError', message: 'a model-instance default gives a value to a type that holds "{type_name}", which only the Python reference reads' },
  DECLARATION_UNSORTABLE_SET: { kind: 'ValueError', message: 'a set default of mixed types has no stable order (pydantic cannot sort it)' },
  DECLARATION_UNSUPPORTED_FORMAT: { kind: 'ValueError', message: 'unsupported format "{value}", expected "pydantic-neutral-declaration/1"' },
  DECLARATION_VARIADIC_ITEMS: { kind: 'ValueError', message: 'a variadic tuple needs exactly one item type' },
  DECLARED_MODEL_MISSING: { kind: 'KeyError', message: '{name}', only: 'python' },
  DUMP_CIRCULAR: { kind: 'ValueError', message: 'Circular reference detected (id repeated)', only: 'typescript' },
  DUMP_UNKNOWN_TYPE: { kind: 'ValueError', message: "Unable to serialize unknown type: <class '{type}'>", only: 'typescript' },
  DURABLE_CALLABLE_ASYNC: { kind: 'TypeError', message: '{function} needs a synchronous callable; {name} returned {what}, use {async_function}' },
  DURABLE_OUTCOME_MALFORMED: { kind: 'TypeError', message: 'recorded outcome has no kind and message: {text}' },
  DURABLE_OUTCOME_NOT_OBJECT: { kind: 'TypeError', message: 'recorded outcome must be an object: {text}', only: 'python' },
  ENUM_MEMBER_MISSING: { kind: 'KeyError', message: '{value}', only: 'python' },
  ENUM_NOT_DECLARED: { kind: 'KeyError', message: 'enum "{name}" is not declared', only: 'typescript' },
  EVENT_FIELD_NOT_BOOL: { kind: 'TypeError', message: '{where} must be a boolean' },
  EVENT_FIELD_NOT_INT: { kind: 'TypeError', message: '{where}.{key} must be an integer' },
  EVENT_FIELD_NOT_LIST: { kind: 'TypeError', message: '{where}.{key} must be a list' },
  EVENT_FIELD_NOT_STRING: { kind: 'TypeError', message: '{where}.{key} must be a string' },
  EVENT_FIELD_NOT_STRING_OR_NULL: { kind: 'TypeError', message: '{where} must be a string or null' },
  FUNCTION_REFERENCE_MALFORMED: { kind: 'ValueError', message: "Action/tool {name}: {language} function {function} must be of the form '<module-or-class>:<qualname>' (e.g. 'pkg.tools:add', 'pkg.tools:MyTools.add', 'com.example.MyClass:method')." },
  FUNCTION_REFERENCE_MISSING: { kind: 'ValueError', message: "Action/tool {name}: 'function' is required and must be of the form '<module-or-class>:<qualname>'." },
  INTERNAL_CALLS_UNSUPPORTED: { kind: 'NotImplementedError', message: 'InternalSubagentSetup requires a runtime context that implements InternalSubagentCallFactory' },
  INTERNAL_SUBAGENT_NO_CHILD_PLAN: { kind: 'TypeError', message: "Internal sub-agent '{scope}' has no child plan to run" },
  INT_TOO_MANY_DIGITS: { kind: 'ValueError', message: 'Exceeds the limit ({limit} digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit', only: 'typescript' },
  JSON_CIRCULAR: { kind: 'ValueError', message: 'Circular reference detected', only: 'typescript' },
  JSON_FLOAT_OUT_OF_RANGE: { kind: 'ValueError', message: 'Out of range float values are not JSON compliant', only: 'typescript' },
  JSON_KEY_TYPE: { kind: 'TypeError', message: 'keys must be str, int, float, bool or None, not {type}', only: 'typescript' },
  JSON_NOT_SERIALIZABLE: { kind: 'TypeError', message: 'Object of type {type} is not JSON serializable', only: 'typescript' },
  JSON_PARSE: { kind: 'ValueError', message: '{reason} (line {line}, column {column})', only: 'typescript' },
  MCP_CLIENT_START: { kind: 'RuntimeError', message: '{reason}', only: 'python' },
  MCP_NOT_A_SERVER: { kind: 'RuntimeError', message: 'class {class} is not an MCP server' },
  MCP_NO_ANSWER: { kind: 'RuntimeError', message: 'no answer to {method} within {seconds} seconds', only: 'python' },
  MCP_QUERY_FAILED: { kind: 'RuntimeError', message: "MCP server '{name}' could not be queried: {reason}" },
  MCP_REQUEST_FAILED: { kind: 'RuntimeError', message: '{method} failed: {message}', only: 'python' },
  MCP_SERVER_ARGUMENT: { kind: 'ValueError', message: "MCP server '{name}': {reason}" },
  MCP_SERVER_EXITED: { kind: 'RuntimeError', message: 'the server exited before answering {method}', only: 'python' },
  MCP_SERVER_INPUT_CLOSED: { kind: 'RuntimeError', message: 'the server closed its input: {reason}', only: 'python' },
  MCP_TOOL_NAME_RESERVED: { kind: 'ValueError', message: "MCP server '{server}' advertised a tool with a reserved name: {reason}" },
  MEMORY_FIELD_NOT_OBJECT: { kind: 'ValueError', message: "Field '{path}' exists but is not object." },
  MEMORY_OBJECT_SET: { kind: 'TypeError', message: 'Do not set a MemoryObject instance directly; use new_object().' },
  MEMORY_OVERWRITE_OBJECT: { kind: 'ValueError', message: "Cannot overwrite object field '{path}' with primitive." },
  MEMORY_VALUE_TYPE: { kind: 'TypeError', message: "Memory cannot keep a value of type {type} at '{path}': use None, bool, int, float, str, list or dict with str keys." },
  MODEL_NOT_DECLARED: { kind: 'KeyError', message: 'model "{name}" is not declared', only: 'typescript' },
  NOT_UTF8: { kind: 'ValueError', message: "'utf-8' codec can't decode {what} in position {position}: {reason}", only: 'typescript' },
  PLAN_ACTION_DUPLICATE: { kind: 'RuntimeError', message: 'Duplicate action name: {name}' },
  PLAN_ACTION_NAME_MISMATCH: { kind: 'ValueError', message: 'action name {name} does not match its key {key}' },
  PLAN_CLASS_MAKES_OTHER_TYPE: { kind: 'ValueError', message: 'class {class} makes {made} resources, not {type} resources' },
  PLAN_CLASS_NOT_RESTORABLE: { kind: 'ValueError', message: 'class {class} cannot be restored from serialized data' },
  PLAN_EXPECTED_TYPE: { kind: 'ValueError', message: 'expected {what}, got {value}' },
  PLAN_FUNCTION_TYPE_UNKNOWN: { kind: 'ValueError', message: 'unknown function type {type}' },
  PLAN_MESSAGE_ROLE_UNKNOWN: { kind: 'ValueError', message: 'unknown message role {role}' },
  PLAN_MISSING_KEY: { kind: 'ValueError', message: 'missing required key {key}' },
  PLAN_NOT_JSON: { kind: 'ValueError', message: 'plan text is not valid JSON: {reason} (line {line}, column {column})' },
  PLAN_PROMPT_TEXT_OR_MESSAGES: { kind: 'ValueError', message: "a prompt has exactly one of 'text' and 'messages'" },
  PLAN_PROVIDER_TYPE_UNKNOWN: { kind: 'ValueError', message: 'unknown resource provider type {type}' },
  PLAN_RESOURCE_NAME_MISMATCH: { kind: 'ValueError', message: 'resource name {name} does not match its key {key}' },
  PLAN_RESOURCE_TYPE_MISMATCH: { kind: 'ValueError', message: 'resource type {type} does not match its group {group}' },
  PLAN_RESOURCE_TYPE_UNKNOWN: { kind: 'ValueError', message: 'unknown resource type {type}' },
  PLAN_TOOL_NAME_MISMATCH: { kind: 'ValueError', message: 'tool name {name} differs from its metadata name {metadata_name}' },
  PLAN_UNKNOWN_KEY: { kind: 'ValueError', message: 'unknown key {key}' },
  REACT_INPUT_NOT_PRIMITIVE: { kind: 'RuntimeError', message: 'Input type is {type}, which is not primitive types. User should provide prompt to help convert it to ChatMessage.' },
  READ_PLAN_NEEDS_REGISTRY: { kind: 'TypeError', message: 'readPlan(source, {registry}) needs the classes the plan may name: pass {registry: defaultRegistry} (exported by agentparity) or your own ClassRegistry', only: 'typescript' },
  RECORDED_FAILURE: { kind: 'recorded', message: '{message}' },
  REPLAY_MISMATCH: { kind: 'RuntimeError', message: 'Durable call {key} was recorded for {recorded}, but the replayed run called {name}' },
  RESOURCE_ALREADY_DEFINED: { kind: 'ValueError', message: '{type} {name} already defined' },
  RESOURCE_CLASS_MAKES_OTHER_TYPE: { kind: 'TypeError', message: "{type} resource '{name}' is a {class}, which makes {made} resources" },
  RESOURCE_CLASS_UNKNOWN_ALIAS: { kind: 'ValueError', message: 'Resource {name}: clazz {clazz} is neither a class alias of {type} for {language} ({aliases}) nor a dotted class path.' },
  RESOURCE_DUPLICATE: { kind: 'ValueError', message: 'Duplicate resource name: {name}' },
  RESOURCE_FOREIGN_LANGUAGE: { kind: 'TypeError', message: "{type} resource '{name}' is a {language} resource ({module}.{clazz}), which this runtime cannot use" },
  RESOURCE_JAVA_UNSUPPORTED: { kind: 'ValueError', message: "Resource {name}: type='java' is not supported for {type} (no Python-side Java wrapper)." },
  RESOURCE_NOT_FOUND: { kind: 'KeyError', message: "Resource not found: '{name}' of type ResourceType.{TYPE}" },
  RESOURCE_NOT_REGISTERED_CLASS: { kind: 'TypeError', message: "{type} resource '{name}' must be an instance of a registered class or a ResourceDescriptor, but got {class}." },
  RESOURCE_TYPESCRIPT_CLASS_MALFORMED: { kind: 'ValueError', message: "Resource {name}: typescript class {clazz} must be of the form '<module>:<Class>'." },
  RESULT_CYCLE: { kind: 'ValueError', message: 'Sub-agent result must be JSON-compatible at {path}, cycle detected' },
  RESULT_KEY_NOT_STRING: { kind: 'TypeError', message: 'Map keys in sub-agent result must be strings at {path}' },
  RESULT_NON_FINITE: { kind: 'ValueError', message: 'Non-finite number in sub-agent result at {path}' },
  RESULT_NOT_JSON: { kind: 'TypeError', message: 'Sub-agent result must be JSON-compatible at {path}, found {type}' },
  RESULT_TOO_DEEP: { kind: 'RecursionError', message: 'Sub-agent result is cyclic or too deeply nested to normalize as JSON' },
  SCHEMA_COMPUTED_FIELD_NOT_IMPLEMENTED: { kind: 'TypeError', message: 'computed field {field} of the declared model {model} has no implementation', only: 'typescript' },
  SCHEMA_DEFINITION_MISSING: { kind: 'RuntimeError', message: '{ref}', only: 'typescript' },
  SCHEMA_DISCRIMINATOR_ALIASES_DIFFER: { kind: 'TypeError', message: 'Aliases for discriminator {key} must be the same (got {alias}, {other})', only: 'typescript' },
  SCHEMA_DISCRIMINATOR_FIELD_MISSING: { kind: 'TypeError', message: '{source} needs a discriminator field for key {key}', only: 'typescript' },
  SCHEMA_DISCRIMINATOR_NOT_LITERAL: { kind: 'TypeError', message: '{source} needs field {key} to be of type `Literal`', only: 'typescript' },
  SCHEMA_DISCRIMINATOR_VALUE_CLASH: { kind: 'TypeError', message: 'Value {value} for discriminator {key} mapped to multiple choices', only: 'typescript' },
  SCHEMA_DISCRIMINATOR_VARIANT: { kind: 'TypeError', message: 'The core schema type {type} is not a valid discriminated union variant.', only: 'typescript' },
  SCHEMA_INVALID_FOR_JSON_SCHEMA: { kind: 'TypeError', message: '{detail}\n\nFor further information visit https://errors.pydantic.dev/2.13/u/invalid-for-json-schema', only: 'typescript' },
  SCHEMA_REF_UNRESOLVED: { kind: 'TypeError', message: '{ref}', only: 'typescript' },
  SCOPED_RESOURCE_NOT_FOUND: { kind: 'KeyError', message: 'Resource not found: {name} of type {type}' },
  SCRIPTED_CANCELLED: { kind: 'CancelledError', message: '{message}', only: 'typescript' },
  SCRIPTED_KEY_ERROR: { kind: 'KeyError', message: '{message}', only: 'typescript' },
  SCRIPTED_TURN_MISSING: { kind: 'ValueError', message: 'The scripted model has no turn {turn} ({count} scripted)' },
  SHARED_ACTION_UNKNOWN: { kind: 'ValueError', message: 'Agent {agent} references shared action {name} in {source}, but no shared action with that name is defined at the file level.' },
  SHARED_RESOURCE_DUPLICATE: { kind: 'ValueError', message: 'Duplicate shared {what} name {name} in {source}' },
  STORE_CLAIMED: { kind: 'RuntimeError', message: 'Durable store {store} is claimed by another run ({holder}); it is free again when that run ends' },
  SUBAGENT_AGENT_UNDECLARED: { kind: 'ValueError', message: 'sub-agent {name} refers to agent {agent}, which is not declared' },
  SUBAGENT_BARE_FUNCTION: { kind: 'NotImplementedError', message: 'A FunctionSubagentSetup whose run is a bare function cannot be put in a plan: give run as new TypeScriptFunction(module, qualname, fn).', only: 'typescript' },
  SUBAGENT_BATCH_TOO_LARGE: { kind: 'ValueError', message: 'Sub-agent batch size {size} exceeds subagent.max-batch-size {limit}' },
  SUBAGENT_CALLS_UNRESOLVED: { kind: 'RuntimeError', message: 'Action {action} finished without resolving the sub-agent calls it submitted: [{calls}]. Resolve every handle returned by submit(), individually or through SubagentFutures.' },
  SUBAGENT_CALL_CANCELLED: { kind: 'CancelledError', message: 'Sub-agent call cancelled: {call}', only: 'typescript' },
  SUBAGENT_CYCLE: { kind: 'ValueError', message: 'Cyclic sub-agent definition detected: {cycle}' },
  SUBAGENT_ENDPOINT_STATUS: { kind: 'RuntimeError', message: '{endpoint} answered {status}: {text}' },
  SUBAGENT_FAILED: { kind: 'RuntimeError', message: '{message}' },
  SUBAGENT_FUNCTION_NOT_IMPLEMENTED: { kind: 'NotImplementedError', message: 'Sub-agent runs {function}, which has no implementation in this process.' },
  SUBAGENT_HANDLE_FOREIGN: { kind: 'ValueError', message: 'Sub-agent handles must belong to the same runner context' },
  SUBAGENT_HANDLE_REPEATED: { kind: 'ValueError', message: 'Sub-agent handles must not repeat the same sub-agent future' },
  SUBAGENT_INPUT_SCHEMA_BLANK: { kind: 'ValueError', message: 'Sub-agent input schema must not be blank.' },
  SUBAGENT_INPUT_TYPE_NOT_RENDERABLE: { kind: 'TypeError', message: 'Sub-agent input type {type} cannot be rendered as a JSON Schema, so it cannot be declared to a chat model. Declare an input schema explicitly, or use an input type whose fields are all JSON-Schema-renderable. Rendering it reported: {reason}' },
  SUBAGENT_INPUT_TYPE_UNSUPPORTED: { kind: 'TypeError', message: 'Sub-agent input type {type} is not supported. Declare a pydantic BaseModel, or declare an input schema explicitly.' },
  SUBAGENT_LIMITS_NOT_POSITIVE: { kind: 'ValueError', message: 'subagent.max-batch-size and subagent.parallelism must be positive' },
  SUBAGENT_NOT_SUBMITTABLE: { kind: 'TypeError', message: "'{type}' object has no attribute 'submit'", only: 'typescript' },
  SUBAGENT_TIMEOUT_NOT_POSITIVE: { kind: 'ValueError', message: '{key} must be positive' },
  SUBAGENT_TOOL_METADATA_ONLY: { kind: 'NotImplementedError', message: 'SubagentTool is metadata-only; resolve the AGENT resource at execution time.' },
  SUBAGENT_TOOL_SCHEMA_NOT_JSON: { kind: 'ValueError', message: 'Sub-agent {name} declares an input schema that is not valid JSON.' },
  TIMEDELTA_OVERFLOW: { kind: 'OverflowError', message: 'days=-1000000000; must have magnitude <= 999999999', only: 'typescript' },
  TIMEDELTA_SECONDS_INDISTINCT: { kind: 'NotImplementedError', message: 'a whole number of seconds past 2^32 days ({input}) reads differently as a Python int and float', only: 'typescript' },
  TOOL_CALL_ID_NOT_STRING: { kind: 'TypeError', message: '{where}.id must be a string' },
  TOOL_CALL_NAME_NOT_STRING: { kind: 'TypeError', message: '{where}.name must be a string' },
  TOOL_CALL_ORIGINAL_ID_NOT_STRING: { kind: 'TypeError', message: '{where}.original_id must be a string or null' },
  TOOL_DESCRIPTION_TOO_LONG: { kind: 'ValueError', message: 'The description of {name} is {length} characters long; a function description must be at most {limit}.' },
  TOOL_FUNCTION_NOT_IMPLEMENTED: { kind: 'NotImplementedError', message: 'Tool {name} runs {function}, which has no implementation in this process.' },
  TOOL_JAVA_PARAMETER_TYPES_MISSING: { kind: 'ValueError', message: "Tool {name}: java tools must declare 'parameter_types' in YAML." },
  TOOL_NAME_RESERVED: { kind: 'ValueError', message: "Tool name '{name}' must not start with the reserved prefix '{prefix}', which identifies sub-agent callables." },
  TOOL_NOT_RUNNABLE: { kind: 'NotImplementedError', message: 'Tool {name} in {path} runs {function}, which has no implementation in this process.' },
  TOOL_PARAMETER_TYPES_NOT_JAVA: { kind: 'ValueError', message: "Tool {name}: 'parameter_types' is only for java tools." },
  TOOL_REQUEST_UNKNOWN: { kind: 'ValueError', message: 'No conversation waits for tool request {request_id}' },
  TOOL_RESPONSE_MALFORMED: { kind: 'TypeError', message: 'a recorded tool response needs result (string), success (boolean) and error (string or null)' },
  VALIDATION_FAILED: { kind: 'ValidationError', message: '{message}', only: 'typescript' },
  VALIDATOR_ENUM_NOT_DECLARED: { kind: 'NotImplementedError', message: 'enum {name} is not declared', only: 'typescript' },
  VALIDATOR_MODEL_NOT_DECLARED: { kind: 'NotImplementedError', message: 'model {name} is not declared', only: 'typescript' },
  VALIDATOR_TYPE_UNSUPPORTED: { kind: 'NotImplementedError', message: 'the TypeScript validator does not read {type} values', only: 'typescript' },
  VALUE_NOT_OBJECT: { kind: 'TypeError', message: '{where} must be an object' },
  YAML_ALIAS_UNRESOLVED: { kind: 'ValueError', message: 'alias *{name} does not resolve to a finished node', only: 'typescript' },
  YAML_EMPTY: { kind: 'ValueError', message: 'YAML file {source} is empty' },
  YAML_KEY_NOT_STRING: { kind: 'ValueError', message: 'mapping keys must be strings', only: 'typescript' },
  YAML_LIMIT: { kind: 'ValueError', message: '{reason}', only: 'typescript' },
  YAML_NODE_UNSUPPORTED: { kind: 'ValueError', message: 'unsupported YAML node', only: 'typescript' },
  YAML_PROMPT_TEXT_OR_MESSAGES: { kind: 'ValueError', message: "prompt must define exactly one non-empty 'text' or 'messages'" },
  YAML_SKILLS_EMPTY: { kind: 'ValueError', message: "skills '{name}': at least one of paths/urls/classpath/package must be non-empty." },
  YAML_SUBAGENT_AGENT_AND_CLASS: { kind: 'ValueError', message: 'a sub-agent names an agent (agent_ref) or a setup class (target_module, target_clazz), not both' },
  YAML_SUBAGENT_CLASS_METADATA: { kind: 'ValueError', message: 'a sub-agent with a setup class takes its description and schema from its "arguments"' },
  YAML_SUBAGENT_NEEDS_CLASS: { kind: 'ValueError', message: '{key} needs a setup class (target_module and target_clazz)' },
  YAML_SYNTAX: { kind: 'ValueError', message: '{reason}', only: 'typescript' },
  YAML_TOO_DEEP: { kind: 'ValueError', message: 'the document nests deeper than {limit} levels, the limit for a YAML input file', only: 'typescript' },
  YAML_TRIGGERS_EMPTY: { kind: 'ValueError', message: 'expected at least one trigger condition' },
  YAML_TRIGGER_BLANK: { kind: 'ValueError', message: 'a trigger condition must not be blank' },
  YAML_UNREADABLE: { kind: 'ValueError', message: 'the YAML text cannot be read: {reason}', only: 'typescript' },
  YAML_VALUE_UNSUPPORTED: { kind: 'ValueError', message: 'unsupported YAML value of type {type}', only: 'typescript' },
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
