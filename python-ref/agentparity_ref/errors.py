"""The base of the errors the reference raises on purpose, and their stable codes. Mirrors
`src/errors.ts`.

An error derives from `AgentparityError` and from the builtin exception upstream raises for the
same failure (`ResultValueError` is a `ValueError`), so that `except ValueError` and the protocol's
kind (the first builtin met walking up its classes) stay what they were. Its `code` names what
failed in words that do not change when a message is reworded; the same failure has the same code
in both languages (docs/protocol.md lists every code).
"""

from __future__ import annotations

import re


def code_of_class(name: str) -> str:
    """`ReplayMismatchError` -> `REPLAY_MISMATCH`: the code of an error raised where no failure code is named yet."""
    return re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", re.sub(r"Error$", "", name)).upper()


class AgentparityError(Exception):
    """An error the reference raises on purpose; `code` is stable (`RESULT_CYCLE`)."""

    def __init__(self, *args: object, code: str | None = None) -> None:
        super().__init__(*args)
        self.code = code if code is not None else code_of_class(type(self).__name__)


class InvalidValueError(AgentparityError, ValueError):
    """A value that is the right type but not acceptable."""


class InvalidTypeError(AgentparityError, TypeError):
    """A value of the wrong type."""


class NotFoundError(AgentparityError, KeyError):
    """A name that resolves to nothing; `str()` quotes the message, as `KeyError` does."""


class NotSupportedError(AgentparityError, NotImplementedError):
    """An operation the object does not offer by design."""


# Every code the runtimes give a failure they raise on purpose: its kind, its upstream message as a
# template (`{path}` the error's path, the other slots what the message names), and the one runtime
# that raises it when only one does. Mirrors `ERROR_CODES` of src/errors.ts; docs/protocol.md,
# "Every code", lists it.
ERROR_CODES: dict[str, tuple[str, str, str | None]] = {
    "ACTION_DUPLICATE": ("ValueError", "Action {name} already defined", None),
    "ACTION_FUNCTION_NOT_IMPLEMENTED": ("NotImplementedError", "Action {name}{where} runs {function}, which has no implementation in this process.", None),
    "ACTION_NO_VECTOR_STORES": ("NotImplementedError", "The local runner has no vector stores to answer a context retrieval request.", None),
    "AGENTS_NONE": ("ValueError", "the declaration declares no agent to build", None),
    "AGENTS_SEVERAL": ("ValueError", "the declaration declares several agents ({names}): name the one to build", None),
    "AGENT_DUPLICATE": ("ValueError", "Duplicate agent name {name} in {source}", None),
    "AGENT_RESOURCE_NOT_SETUP": ("TypeError", "AGENT resource '{name}' must be a SubagentSetup, a ResourceDescriptor, or an Agent, but got {type}.", None),
    "AGENT_UNDECLARED": ("ValueError", "no agent named {name} is declared", None),
    "CALLABLE_DUPLICATE": ("ValueError", "Duplicate callable name: {name}", None),
    "CALLABLE_MALFORMED": ("TypeError", "A callable must carry a name, a description and parameters, but was {type}", None),
    "CALLABLE_SUBAGENT_NOT_SETUP": ("TypeError", "Sub-agent {name} must resolve to a SubagentSetup, but was {type}", None),
    "CALLABLE_SUBAGENT_NO_ARGUMENTS": ("ValueError", "Sub-agent {name} declares neither an input schema nor an input type, so there are no arguments for the model to build a call from.", None),
    "CHAT_CONNECTION_ARGUMENT": ("ValueError", "Chat model connection '{name}': {reason}", None),
    "CHAT_ENDPOINT_LENGTH": ("ValueError", "{url} cut the answer off at its length limit (finish_reason \"length\")", None),
    "CHAT_ENDPOINT_NOT_JSON": ("ValueError", "{url} answered with text that is not JSON: {reason}", None),
    "CHAT_ENDPOINT_NO_CHOICES": ("ValueError", "{url} answered without choices", None),
    "CHAT_ENDPOINT_STATUS": ("ValueError", "{url} answered {status}: {text}", None),
    "CHAT_ENDPOINT_TIMEOUT": ("ValueError", "{url} did not answer: no answer within {ms} ms", None),
    "CHAT_ENDPOINT_UNREACHABLE": ("ValueError", "{url} did not answer: connection failed ({reason})", None),
    "CHAT_MESSAGE_CONTENT_NOT_STRING": ("TypeError", "{where}.content must be a string", None),
    "CHAT_MESSAGE_ROLE": ("TypeError", "{where}.role must be one of {roles}", None),
    "CHAT_MESSAGE_TOOL_CALLS_NOT_LIST": ("TypeError", "{where}.tool_calls must be a list", None),
    "CHAT_MODEL_NAME_MISSING": ("ValueError", "{function} needs the name of a chat model under \"chat_model\" in its configuration", None),
    "CHAT_MODEL_NOT_OPEN": ("ValueError", "The chat model setup for {model} is not open: call open() first", None),
    "CLASS_ALREADY_REGISTERED": ("TypeError", "class {class} is already registered", None),
    "CLASS_NOT_BUILDABLE": ("TypeError", "class {class} cannot be built from a descriptor", None),
    "CLASS_NOT_REGISTERED": ("TypeError", "{class} is not in the class registry, so a plan cannot name it", None),
    "CLASS_UNKNOWN": ("ValueError", "unknown class {class}: it is not in the class registry", None),
    "DURABLE_CALLABLE_ASYNC": ("TypeError", "{function} needs a synchronous callable; {name} returned {what}, use {async_function}", None),
    "DURABLE_OUTCOME_MALFORMED": ("TypeError", "recorded outcome has no kind and message: {text}", None),
    "DURABLE_OUTCOME_NOT_OBJECT": ("TypeError", "recorded outcome must be an object: {text}", "python"),
    "EVENT_FIELD_NOT_BOOL": ("TypeError", "{where} must be a boolean", None),
    "EVENT_FIELD_NOT_INT": ("TypeError", "{where}.{key} must be an integer", None),
    "EVENT_FIELD_NOT_LIST": ("TypeError", "{where}.{key} must be a list", None),
    "EVENT_FIELD_NOT_STRING": ("TypeError", "{where}.{key} must be a string", None),
    "EVENT_FIELD_NOT_STRING_OR_NULL": ("TypeError", "{where} must be a string or null", None),
    "FUNCTION_REFERENCE_MALFORMED": ("ValueError", "Action/tool {name}: {language} function {function} must be of the form '<module-or-class>:<qualname>' (e.g. 'pkg.tools:add', 'pkg.tools:MyTools.add', 'com.example.MyClass:method').", None),
    "FUNCTION_REFERENCE_MISSING": ("ValueError", "Action/tool {name}: 'function' is required and must be of the form '<module-or-class>:<qualname>'.", None),
    "INTERNAL_CALLS_UNSUPPORTED": ("NotImplementedError", "InternalSubagentSetup requires a runtime context that implements InternalSubagentCallFactory", None),
    "INTERNAL_SUBAGENT_NO_CHILD_PLAN": ("TypeError", "Internal sub-agent '{scope}' has no child plan to run", None),
    "JSON_CIRCULAR": ("ValueError", "Circular reference detected", "typescript"),
    "JSON_FLOAT_OUT_OF_RANGE": ("ValueError", "Out of range float values are not JSON compliant", "typescript"),
    "JSON_KEY_TYPE": ("TypeError", "keys must be str, int, float, bool or None, not {type}", "typescript"),
    "JSON_NOT_SERIALIZABLE": ("TypeError", "Object of type {type} is not JSON serializable", "typescript"),
    "MCP_CLIENT_START": ("RuntimeError", "{reason}", "python"),
    "MCP_NOT_A_SERVER": ("RuntimeError", "class {class} is not an MCP server", None),
    "MCP_NO_ANSWER": ("RuntimeError", "no answer to {method} within {seconds} seconds", "python"),
    "MCP_QUERY_FAILED": ("RuntimeError", "MCP server '{name}' could not be queried: {reason}", None),
    "MCP_REQUEST_FAILED": ("RuntimeError", "{method} failed: {message}", "python"),
    "MCP_SERVER_ARGUMENT": ("ValueError", "MCP server '{name}': {reason}", None),
    "MCP_SERVER_EXITED": ("RuntimeError", "the server exited before answering {method}", "python"),
    "MCP_SERVER_INPUT_CLOSED": ("RuntimeError", "the server closed its input: {reason}", "python"),
    "MCP_TOOL_NAME_RESERVED": ("ValueError", "MCP server '{server}' advertised a tool with a reserved name: {reason}", None),
    "MEMORY_FIELD_NOT_OBJECT": ("ValueError", "Field '{path}' exists but is not object.", None),
    "MEMORY_OBJECT_SET": ("TypeError", "Do not set a MemoryObject instance directly; use new_object().", None),
    "MEMORY_OVERWRITE_OBJECT": ("ValueError", "Cannot overwrite object field '{path}' with primitive.", None),
    "MEMORY_VALUE_TYPE": ("TypeError", "Memory cannot keep a value of type {type} at '{path}': use None, bool, int, float, str, list or dict with str keys.", None),
    "PLAN_ACTION_DUPLICATE": ("RuntimeError", "Duplicate action name: {name}", None),
    "PLAN_ACTION_NAME_MISMATCH": ("ValueError", "action name {name} does not match its key {key}", None),
    "PLAN_CLASS_MAKES_OTHER_TYPE": ("ValueError", "class {class} makes {made} resources, not {type} resources", None),
    "PLAN_CLASS_NOT_RESTORABLE": ("ValueError", "class {class} cannot be restored from serialized data", None),
    "PLAN_EXPECTED_TYPE": ("ValueError", "expected {what}, got {value}", None),
    "PLAN_FUNCTION_TYPE_UNKNOWN": ("ValueError", "unknown function type {type}", None),
    "PLAN_MESSAGE_ROLE_UNKNOWN": ("ValueError", "unknown message role {role}", None),
    "PLAN_MISSING_KEY": ("ValueError", "missing required key {key}", None),
    "PLAN_NOT_JSON": ("ValueError", "plan text is not valid JSON: {reason} (line {line}, column {column})", None),
    "PLAN_PROMPT_TEXT_OR_MESSAGES": ("ValueError", "a prompt has exactly one of 'text' and 'messages'", None),
    "PLAN_PROVIDER_TYPE_UNKNOWN": ("ValueError", "unknown resource provider type {type}", None),
    "PLAN_RESOURCE_NAME_MISMATCH": ("ValueError", "resource name {name} does not match its key {key}", None),
    "PLAN_RESOURCE_TYPE_MISMATCH": ("ValueError", "resource type {type} does not match its group {group}", None),
    "PLAN_RESOURCE_TYPE_UNKNOWN": ("ValueError", "unknown resource type {type}", None),
    "PLAN_TOOL_NAME_MISMATCH": ("ValueError", "tool name {name} differs from its metadata name {metadata_name}", None),
    "PLAN_UNKNOWN_KEY": ("ValueError", "unknown key {key}", None),
    "REACT_INPUT_NOT_PRIMITIVE": ("RuntimeError", "Input type is {type}, which is not primitive types. User should provide prompt to help convert it to ChatMessage.", None),
    "READ_PLAN_NEEDS_REGISTRY": ("TypeError", "readPlan(source, {registry}) needs the classes the plan may name: pass {registry: defaultRegistry} (exported by agentparity) or your own ClassRegistry", "typescript"),
    "RECORDED_FAILURE": ("recorded", "{message}", None),
    "REPLAY_MISMATCH": ("RuntimeError", "Durable call {key} was recorded for {recorded}, but the replayed run called {name}", None),
    "RESOURCE_ALREADY_DEFINED": ("ValueError", "{type} {name} already defined", None),
    "RESOURCE_CLASS_MAKES_OTHER_TYPE": ("TypeError", "{type} resource '{name}' is a {class}, which makes {made} resources", None),
    "RESOURCE_CLASS_UNKNOWN_ALIAS": ("ValueError", "Resource {name}: clazz {clazz} is neither a class alias of {type} for {language} ({aliases}) nor a dotted class path.", None),
    "RESOURCE_DUPLICATE": ("ValueError", "Duplicate resource name: {name}", None),
    "RESOURCE_FOREIGN_LANGUAGE": ("TypeError", "{type} resource '{name}' is a {language} resource ({module}.{clazz}), which this runtime cannot use", None),
    "RESOURCE_JAVA_UNSUPPORTED": ("ValueError", "Resource {name}: type='java' is not supported for {type} (no Python-side Java wrapper).", None),
    "RESOURCE_NOT_FOUND": ("KeyError", "Resource not found: '{name}' of type ResourceType.{TYPE}", None),
    "RESOURCE_NOT_REGISTERED_CLASS": ("TypeError", "{type} resource '{name}' must be an instance of a registered class or a ResourceDescriptor, but got {class}.", None),
    "RESOURCE_TYPESCRIPT_CLASS_MALFORMED": ("ValueError", "Resource {name}: typescript class {clazz} must be of the form '<module>:<Class>'.", None),
    "RESULT_CYCLE": ("ValueError", "Sub-agent result must be JSON-compatible at {path}, cycle detected", None),
    "RESULT_KEY_NOT_STRING": ("TypeError", "Map keys in sub-agent result must be strings at {path}", None),
    "RESULT_NON_FINITE": ("ValueError", "Non-finite number in sub-agent result at {path}", None),
    "RESULT_NOT_JSON": ("TypeError", "Sub-agent result must be JSON-compatible at {path}, found {type}", None),
    "RESULT_TOO_DEEP": ("RecursionError", "Sub-agent result is cyclic or too deeply nested to normalize as JSON", None),
    "SCHEMA_COMPUTED_FIELD_NOT_IMPLEMENTED": ("TypeError", "computed field {field} of the declared model {model} has no implementation", "typescript"),
    "SCHEMA_INVALID_FOR_JSON_SCHEMA": ("TypeError", "{detail}\n\nFor further information visit https://errors.pydantic.dev/2.13/u/invalid-for-json-schema", "typescript"),
    "SCHEMA_REF_UNRESOLVED": ("TypeError", "{ref}", "typescript"),
    "SCOPED_RESOURCE_NOT_FOUND": ("KeyError", "Resource not found: {name} of type {type}", None),
    "SCRIPTED_CANCELLED": ("CancelledError", "{message}", "typescript"),
    "SCRIPTED_TURN_MISSING": ("ValueError", "The scripted model has no turn {turn} ({count} scripted)", None),
    "SHARED_ACTION_UNKNOWN": ("ValueError", "Agent {agent} references shared action {name} in {source}, but no shared action with that name is defined at the file level.", None),
    "SHARED_RESOURCE_DUPLICATE": ("ValueError", "Duplicate shared {what} name {name} in {source}", None),
    "STORE_CLAIMED": ("RuntimeError", "Durable store {store} is claimed by another run ({holder}); it is free again when that run ends", None),
    "SUBAGENT_AGENT_UNDECLARED": ("ValueError", "sub-agent {name} refers to agent {agent}, which is not declared", None),
    "SUBAGENT_BARE_FUNCTION": ("NotImplementedError", "A FunctionSubagentSetup whose run is a bare function cannot be put in a plan: give run as new TypeScriptFunction(module, qualname, fn).", "typescript"),
    "SUBAGENT_BATCH_TOO_LARGE": ("ValueError", "Sub-agent batch size {size} exceeds subagent.max-batch-size {limit}", None),
    "SUBAGENT_CALLS_UNRESOLVED": ("RuntimeError", "Action {action} finished without resolving the sub-agent calls it submitted: [{calls}]. Resolve every handle returned by submit(), individually or through SubagentFutures.", None),
    "SUBAGENT_CALL_CANCELLED": ("CancelledError", "Sub-agent call cancelled: {call}", "typescript"),
    "SUBAGENT_CYCLE": ("ValueError", "Cyclic sub-agent definition detected: {cycle}", None),
    "SUBAGENT_ENDPOINT_STATUS": ("RuntimeError", "{endpoint} answered {status}: {text}", None),
    "SUBAGENT_FAILED": ("RuntimeError", "{message}", None),
    "SUBAGENT_FUNCTION_NOT_IMPLEMENTED": ("NotImplementedError", "Sub-agent runs {function}, which has no implementation in this process.", None),
    "SUBAGENT_HANDLE_FOREIGN": ("ValueError", "Sub-agent handles must belong to the same runner context", None),
    "SUBAGENT_HANDLE_REPEATED": ("ValueError", "Sub-agent handles must not repeat the same sub-agent future", None),
    "SUBAGENT_INPUT_SCHEMA_BLANK": ("ValueError", "Sub-agent input schema must not be blank.", None),
    "SUBAGENT_INPUT_TYPE_NOT_RENDERABLE": ("TypeError", "Sub-agent input type {type} cannot be rendered as a JSON Schema, so it cannot be declared to a chat model. Declare an input schema explicitly, or use an input type whose fields are all JSON-Schema-renderable. Rendering it reported: {reason}", None),
    "SUBAGENT_INPUT_TYPE_UNSUPPORTED": ("TypeError", "Sub-agent input type {type} is not supported. Declare a pydantic BaseModel, or declare an input schema explicitly.", None),
    "SUBAGENT_LIMITS_NOT_POSITIVE": ("ValueError", "subagent.max-batch-size and subagent.parallelism must be positive", None),
    "SUBAGENT_NOT_SUBMITTABLE": ("TypeError", "'{type}' object has no attribute 'submit'", "typescript"),
    "SUBAGENT_TIMEOUT_NOT_POSITIVE": ("ValueError", "{key} must be positive", None),
    "SUBAGENT_TOOL_METADATA_ONLY": ("NotImplementedError", "SubagentTool is metadata-only; resolve the AGENT resource at execution time.", None),
    "SUBAGENT_TOOL_SCHEMA_NOT_JSON": ("ValueError", "Sub-agent {name} declares an input schema that is not valid JSON.", None),
    "TOOL_CALL_ID_NOT_STRING": ("TypeError", "{where}.id must be a string", None),
    "TOOL_CALL_NAME_NOT_STRING": ("TypeError", "{where}.name must be a string", None),
    "TOOL_CALL_ORIGINAL_ID_NOT_STRING": ("TypeError", "{where}.original_id must be a string or null", None),
    "TOOL_DESCRIPTION_TOO_LONG": ("ValueError", "The description of {name} is {length} characters long; a function description must be at most {limit}.", None),
    "TOOL_FUNCTION_NOT_IMPLEMENTED": ("NotImplementedError", "Tool {name} runs {function}, which has no implementation in this process.", None),
    "TOOL_JAVA_PARAMETER_TYPES_MISSING": ("ValueError", "Tool {name}: java tools must declare 'parameter_types' in YAML.", None),
    "TOOL_NAME_RESERVED": ("ValueError", "Tool name '{name}' must not start with the reserved prefix '{prefix}', which identifies sub-agent callables.", None),
    "TOOL_NOT_RUNNABLE": ("NotImplementedError", "Tool {name} in {path} runs {function}, which has no implementation in this process.", None),
    "TOOL_PARAMETER_TYPES_NOT_JAVA": ("ValueError", "Tool {name}: 'parameter_types' is only for java tools.", None),
    "TOOL_REQUEST_UNKNOWN": ("ValueError", "No conversation waits for tool request {request_id}", None),
    "TOOL_RESPONSE_MALFORMED": ("TypeError", "a recorded tool response needs result (string), success (boolean) and error (string or null)", None),
    "VALUE_NOT_OBJECT": ("TypeError", "{where} must be an object", None),
    "YAML_EMPTY": ("ValueError", "YAML file {source} is empty", None),
    "YAML_UNREADABLE": ("ValueError", "the YAML text cannot be read: {reason}", "typescript"),
}


def error_code(error: BaseException) -> str | None:
    """The code an error travels with in the protocol: one of `ERROR_CODES`, else None."""
    return error.code if isinstance(error, AgentparityError) and error.code in ERROR_CODES else None


def builtin_kind(error: BaseException) -> str:
    """The name of the builtin exception an error is: its own class's name for a builtin one, the
    builtin it derives from for an `AgentparityError` (`NotFoundError` -> `KeyError`)."""
    return next(cls.__name__ for cls in type(error).__mro__ if cls.__module__ == "builtins")
