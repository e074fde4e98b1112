"""Actions: reducing a sub-agent result to JSON and rendering it for the model (reference §4.5, §5)."""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from . import pyjson
from ._result_walk import ResultTypeError, ResultValueError, to_json_generic

__all__ = [
    "TOO_DEEP_MESSAGE",
    "ResultTypeError",
    "ResultValueError",
    "normalize_and_render",
    "normalize_result",
    "to_chat_message_content",
]

TOO_DEEP_MESSAGE = "Sub-agent result is cyclic or too deeply nested to normalize as JSON"

_adapters: dict[Any, TypeAdapter[Any]] = {}


def _adapter(result_type: Any) -> TypeAdapter[Any]:
    adapter = _adapters.get(result_type)
    if adapter is None:
        adapter = _adapters[result_type] = TypeAdapter(result_type)
    return adapter


def normalize_result(raw: Any, result_type: Any = object) -> Any:
    """The result as JSON-generic data: dicts with str keys, lists, str, int, finite float, bool, None.

    With a declared result type (anything but `object` or None) the result is first read through
    the type and dumped back in JSON mode, which drops the fields the type does not declare; a
    value the type refuses raises pydantic's `ValidationError`. Either way the outcome is then
    walked: a non-string key raises `TypeError`, a non-finite number `ValueError`, a value JSON
    has no form for `TypeError`, a cycle `ValueError`, each naming the path where it was found.
    """
    try:
        if result_type is not object and result_type is not None:
            adapter = _adapter(result_type)
            raw = adapter.dump_python(adapter.validate_python(raw), mode="json")
        return to_json_generic(raw)
    except RecursionError as error:
        # The walk itself never recurses; pydantic may, on a deep value under a declared type.
        raise RecursionError(TOO_DEEP_MESSAGE) from error


def to_chat_message_content(value: Any) -> str:
    """The text the model reads: `null`, compact ASCII-escaped JSON for bools and containers,
    `str()` for everything else."""
    if value is None:
        return "null"
    if isinstance(value, (bool, dict, list, tuple)):
        return pyjson.dumps(value, separators=(",", ":"), allow_nan=False)
    return str(value)


def normalize_and_render(raw: Any, result_type: Any = object) -> tuple[Any, str]:
    """`normalize_result` and `to_chat_message_content` in one step: the result and its text."""
    value = normalize_result(raw, result_type)
    return value, to_chat_message_content(value)
