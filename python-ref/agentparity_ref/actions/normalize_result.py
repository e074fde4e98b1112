"""Reducing a sub-agent result to JSON (reference §5). Mirrors `src/actions/normalizeResult.ts`."""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from ..pyjson.write_py_json import exact_json_text
from .render_content import to_chat_message_content
from .result_walk import ResultTooDeepError, copy_json_generic, quick_json_generic, to_json_generic

TOO_DEEP_MESSAGE = "Sub-agent result is cyclic or too deeply nested to normalize as JSON"

_adapters: dict[Any, TypeAdapter[Any]] = {}


def _adapter(result_type: Any) -> TypeAdapter[Any]:
    adapter = _adapters.get(result_type)
    if adapter is None:
        adapter = _adapters[result_type] = TypeAdapter(result_type)
    return adapter


def _read_through(raw: Any, result_type: Any) -> Any:
    """The result read through a declared type and dumped back in JSON mode; as it is without one."""
    if result_type is object or result_type is None:
        return raw
    adapter = _adapter(result_type)
    return adapter.dump_python(adapter.validate_python(raw), mode="json")


def normalize_result(raw: Any, result_type: Any = object) -> Any:
    """The result as JSON-generic data: dicts with str keys, lists, str, int, finite float, bool, None.

    With a declared result type (anything but `object` or None) the result is first read through
    the type and dumped back in JSON mode, which drops the fields the type does not declare; a
    value the type refuses raises pydantic's `ValidationError`. Either way the outcome is then
    walked: a non-string key raises `TypeError`, a non-finite number `ValueError`, a value JSON
    has no form for `TypeError`, a cycle `ValueError`, each naming the path where it was found.
    """
    try:
        return to_json_generic(_read_through(raw, result_type))
    except RecursionError as error:
        # The walk itself never recurses; pydantic may, on a deep value under a declared type.
        raise ResultTooDeepError(TOO_DEEP_MESSAGE, code="RESULT_TOO_DEEP") from error


def normalize_and_render(raw: Any, result_type: Any = object) -> tuple[Any, str]:
    """`normalize_result` and `to_chat_message_content` in one step: the result and its text.

    A result nested past the quick check's limit is written by one walk that also checks it
    (`exact_json_text`): a deep result already JSON-generic is then walked once. Any other deep
    one is left to the careful walk, which reports its first problem as `normalize_result` does.
    """
    try:
        raw = _read_through(raw, result_type)
        generic = quick_json_generic(raw)
        if generic is None:
            text = exact_json_text(raw)
            if text is not None:
                return raw, text
        value = raw if generic else copy_json_generic(raw)
    except RecursionError as error:
        raise ResultTooDeepError(TOO_DEEP_MESSAGE, code="RESULT_TOO_DEEP") from error
    return value, to_chat_message_content(value)
