"""Ops `normalize` and `render_content`: a decoded value through the reference's actions."""

from __future__ import annotations

import hashlib
from typing import Any

from pydantic import ValidationError
from pydantic_core import PydanticSerializationError

from .. import pyjson
from ..actions.normalize_result import normalize_and_render
from ..actions.render_content import to_chat_message_content
from ..actions.result_walk import ResultTypeError, ResultValueError
from ..codec import decode_value
from ..codec.codec_error import TypeScriptOnlyValue
from ..kit.declarations import declared_models
from ..kit.error_shape import error_result
from ..pyjson.gc_paused import gc_paused
from . import Case, Result, Skip

_RENDERABLE = (type(None), bool, str, int, float, dict, list, tuple)

# What normalization refuses, answered as the error it is (kind by the protocol's rule: a
# PydanticSerializationError, an Any pydantic cannot dump, and a UnicodeDecodeError, bytes that
# are not UTF-8, are ValueErrors; an OverflowError is a duration past timedelta's range, which
# pydantic lets out bare; a NotImplementedError a computed field, which states no implementation).
_REFUSALS = (
    ValidationError,
    PydanticSerializationError,
    UnicodeDecodeError,
    NotImplementedError,
    ResultTypeError,
    ResultValueError,
    RecursionError,
    OverflowError,
)


def _decode(case: Case, models: dict[str, type]) -> Any:
    source = case.get("input")
    if not isinstance(source, dict) or "value" not in source:
        raise ValueError(f"case {case.get('id')}: input needs a value")
    try:
        return decode_value(source["value"], models)
    except TypeScriptOnlyValue as error:
        raise Skip(str(error)) from error


def normalize(case: Case) -> Result:
    """`{value, result_type?}` -> `{json, content, json_sha256}`, or the error normalization reports.

    `json_sha256` lets a fixture pin a result too long to write out (a 100,000-deep chain).
    """
    # The case's value, of any depth, lives until the op returns: with the collector paused until
    # then, no collection scans its containers (100,000 for a deep chain), which reference
    # counting frees before the collector runs again.
    with gc_paused():
        return _normalize(case)


def _normalize(case: Case) -> Result:
    models = declared_models(case.get("declaration"))
    raw = _decode(case, models)
    type_name = case["input"].get("result_type")
    if type_name is not None and type_name not in models:
        raise ValueError(f"case {case.get('id')}: result_type {type_name!r} is not a model of the declaration")
    try:
        value, content = normalize_and_render(raw, models[type_name] if type_name is not None else object)
    except _REFUSALS as error:
        return error_result(error)
    except ValueError as error:
        # An int of more than 4,300 digits, which Python will not print.
        if "integer string conversion" not in str(error):
            raise
        return error_result(error)
    text = content if isinstance(value, (bool, dict, list)) else pyjson.dumps(value, separators=(",", ":"))
    return {"json": text, "content": content, "json_sha256": hashlib.sha256(text.encode("utf-8")).hexdigest()}


def render_content(case: Case) -> Result:
    """`{value}` -> `{content}`: the text the model would read for that value as it is."""
    raw = _decode(case, declared_models(case.get("declaration")))
    if not isinstance(raw, _RENDERABLE):
        raise Skip(f"rendering a {type(raw).__name__} falls back to str(), whose text is language-specific")
    try:
        return {"content": to_chat_message_content(raw)}
    except (TypeError, ValueError) as error:
        return error_result(error)
