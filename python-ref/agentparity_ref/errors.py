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
    "DURABLE_CALLABLE_ASYNC": ("TypeError", "{function} needs a synchronous callable; {name} returned {what}, use {async_function}", None),
    "JSON_CIRCULAR": ("ValueError", "Circular reference detected", "typescript"),
    "JSON_FLOAT_OUT_OF_RANGE": ("ValueError", "Out of range float values are not JSON compliant", "typescript"),
    "JSON_KEY_TYPE": ("TypeError", "keys must be str, int, float, bool or None, not {type}", "typescript"),
    "JSON_NOT_SERIALIZABLE": ("TypeError", "Object of type {type} is not JSON serializable", "typescript"),
    "MCP_CLIENT_START": ("RuntimeError", "{reason}", "python"),
    "MCP_NO_ANSWER": ("RuntimeError", "no answer to {method} within {seconds} seconds", "python"),
    "MCP_REQUEST_FAILED": ("RuntimeError", "{method} failed: {message}", "python"),
    "MCP_SERVER_ARGUMENT": ("ValueError", "MCP server '{name}': {reason}", None),
    "MCP_SERVER_EXITED": ("RuntimeError", "the server exited before answering {method}", "python"),
    "MCP_SERVER_INPUT_CLOSED": ("RuntimeError", "the server closed its input: {reason}", "python"),
    "RECORDED_FAILURE": ("recorded", "{message}", None),
    "REPLAY_MISMATCH": ("RuntimeError", "Durable call {key} was recorded for {recorded}, but the replayed run called {name}", None),
    "RESOURCE_DUPLICATE": ("ValueError", "Duplicate resource name: {name}", None),
    "RESOURCE_NOT_FOUND": ("KeyError", "Resource not found: '{name}' of type ResourceType.{TYPE}", None),
    "RESULT_CYCLE": ("ValueError", "Sub-agent result must be JSON-compatible at {path}, cycle detected", None),
    "RESULT_KEY_NOT_STRING": ("TypeError", "Map keys in sub-agent result must be strings at {path}", None),
    "RESULT_NON_FINITE": ("ValueError", "Non-finite number in sub-agent result at {path}", None),
    "RESULT_NOT_JSON": ("TypeError", "Sub-agent result must be JSON-compatible at {path}, found {type}", None),
    "RESULT_TOO_DEEP": ("RecursionError", "Sub-agent result is cyclic or too deeply nested to normalize as JSON", None),
    "SCHEMA_COMPUTED_FIELD_NOT_IMPLEMENTED": ("TypeError", "computed field {field} of the declared model {model} has no implementation", "typescript"),
    "SCHEMA_INVALID_FOR_JSON_SCHEMA": ("TypeError", "{detail}\n\nFor further information visit https://errors.pydantic.dev/2.13/u/invalid-for-json-schema", "typescript"),
    "SCHEMA_REF_UNRESOLVED": ("TypeError", "{ref}", "typescript"),
    "SCRIPTED_TURN_MISSING": ("ValueError", "The scripted model has no turn {turn} ({count} scripted)", None),
    "SUBAGENT_BARE_FUNCTION": ("NotImplementedError", "A FunctionSubagentSetup whose run is a bare function cannot be put in a plan: give run as new TypeScriptFunction(module, qualname, fn).", "typescript"),
    "SUBAGENT_ENDPOINT_STATUS": ("RuntimeError", "{endpoint} answered {status}: {text}", None),
    "SUBAGENT_FAILED": ("RuntimeError", "{message}", None),
    "SUBAGENT_FUNCTION_NOT_IMPLEMENTED": ("NotImplementedError", "Sub-agent runs {function}, which has no implementation in this process.", None),
    "SUBAGENT_INPUT_SCHEMA_BLANK": ("ValueError", "Sub-agent input schema must not be blank.", None),
    "SUBAGENT_INPUT_TYPE_NOT_RENDERABLE": ("TypeError", "Sub-agent input type {type} cannot be rendered as a JSON Schema, so it cannot be declared to a chat model. Declare an input schema explicitly, or use an input type whose fields are all JSON-Schema-renderable. Rendering it reported: {reason}", None),
    "SUBAGENT_INPUT_TYPE_UNSUPPORTED": ("TypeError", "Sub-agent input type {type} is not supported. Declare a pydantic BaseModel, or declare an input schema explicitly.", None),
    "SUBAGENT_NOT_SUBMITTABLE": ("TypeError", "'{type}' object has no attribute 'submit'", "typescript"),
    "SUBAGENT_TOOL_METADATA_ONLY": ("NotImplementedError", "SubagentTool is metadata-only; resolve the AGENT resource at execution time.", None),
    "SUBAGENT_TOOL_SCHEMA_NOT_JSON": ("ValueError", "Sub-agent {name} declares an input schema that is not valid JSON.", None),
    "TOOL_CALL_ID_NOT_STRING": ("TypeError", "{where}.id must be a string", None),
    "TOOL_CALL_NAME_NOT_STRING": ("TypeError", "{where}.name must be a string", None),
    "TOOL_CALL_ORIGINAL_ID_NOT_STRING": ("TypeError", "{where}.original_id must be a string or null", None),
    "TOOL_DESCRIPTION_TOO_LONG": ("ValueError", "The description of {name} is {length} characters long; a function description must be at most {limit}.", None),
    "TOOL_FUNCTION_NOT_IMPLEMENTED": ("NotImplementedError", "Tool {name} runs {function}, which has no implementation in this process.", None),
    "TOOL_REQUEST_UNKNOWN": ("ValueError", "No conversation waits for tool request {request_id}", None),
    "TOOL_RESPONSE_MALFORMED": ("TypeError", "a recorded tool response needs result (string), success (boolean) and error (string or null)", None),
    "VALUE_NOT_OBJECT": ("TypeError", "{where} must be an object", None),
}


def error_code(error: BaseException) -> str | None:
    """The code an error travels with in the protocol: one of `ERROR_CODES`, else None."""
    return error.code if isinstance(error, AgentparityError) and error.code in ERROR_CODES else None


def builtin_kind(error: BaseException) -> str:
    """The name of the builtin exception an error is: its own class's name for a builtin one, the
    builtin it derives from for an `AgentparityError` (`NotFoundError` -> `KeyError`)."""
    return next(cls.__name__ for cls in type(error).__mro__ if cls.__module__ == "builtins")
