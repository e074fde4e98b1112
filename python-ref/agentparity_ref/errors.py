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
    """`ReplayMismatchError` -> `REPLAY_MISMATCH`: the code of an error that names none of its own."""
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


# The codes both runtimes give the failures they name: kind and upstream message template. The
# protocol carries these (docs/protocol.md, "Error codes"); mirrors `ERROR_CODES` of src/errors.ts.
ERROR_CODES: dict[str, tuple[str, str]] = {
    "RESULT_KEY_NOT_STRING": ("TypeError", 'Map keys in sub-agent result must be strings at {path}'),
    "RESULT_NON_FINITE": ("ValueError", 'Non-finite number in sub-agent result at {path}'),
    "RESULT_NOT_JSON": ("TypeError", 'Sub-agent result must be JSON-compatible at {path}, found {type}'),
    "RESULT_CYCLE": ("ValueError", 'Sub-agent result must be JSON-compatible at {path}, cycle detected'),
    "RESOURCE_NOT_FOUND": ("KeyError", "Resource not found: '{name}' of type ResourceType.{TYPE}"),
    "RESOURCE_DUPLICATE": ("ValueError", 'Duplicate resource name: {name}'),
    "REPLAY_MISMATCH": ("RuntimeError", 'Durable call {key} was recorded for {recorded}, but the replayed run called {name}'),
}


def error_code(error: BaseException) -> str | None:
    """The code an error travels with in the protocol: one of `ERROR_CODES`, else None."""
    return error.code if isinstance(error, AgentparityError) and error.code in ERROR_CODES else None


def builtin_kind(error: BaseException) -> str:
    """The name of the builtin exception an error is: its own class's name for a builtin one, the
    builtin it derives from for an `AgentparityError` (`NotFoundError` -> `KeyError`)."""
    return next(cls.__name__ for cls in type(error).__mro__ if cls.__module__ == "builtins")
