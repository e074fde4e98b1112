"""Reducing a sub-agent result to JSON (reference §5). Mirrors `src/actions/normalizeResult.ts`."""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from .render_content import to_chat_message_content
from .result_walk import ResultTooDeepError, to_json_generic

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
        raise ResultTooDeepError(TOO_DEEP_MESSAGE, code="RESULT_TOO_DEEP") from error


def normalize_and_render(raw: Any, result_type: Any = object) -> tuple[Any, str]:
    """`normalize_result` and `to_chat_message_content` in one step: the result and its text."""
    value = normalize_result(raw, result_type)
    return value, to_chat_message_content(value)
