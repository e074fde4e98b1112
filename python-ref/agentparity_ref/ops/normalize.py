"""Ops `normalize` and `render_content`: a decoded value through the reference's actions."""

from __future__ import annotations

import functools
import hashlib
import json
from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic_core import PydanticSerializationError

from .. import pyjson
from ..actions.normalize_result import normalize_and_render
from ..actions.render_content import to_chat_message_content
from ..actions.result_walk import ResultTypeError, ResultValueError
from ..codec import decode_value
from ..codec.codec_error import TypeScriptOnlyValue
from ..types import build_models, read_declaration
from . import Case, Result, Skip

_RENDERABLE = (type(None), bool, str, int, float, dict, list, tuple)


_BY_OBJECT: dict[int, tuple[Any, dict[str, type]]] = {}
_BY_OBJECT_KEPT = 64


def _models(case: Case) -> dict[str, type]:
    """The declared models of the case, by name (its enums left out). A declaration sent by key
    arrives as the same object each time, found by identity without writing its text; the
    entry holds the object, so that its id cannot be reused while it is kept."""
    declaration = case.get("declaration")
    if declaration is None:
        return {}
    known = _BY_OBJECT.get(id(declaration))
    if known is not None and known[0] is declaration:
        return known[1]
    models = _models_of(json.dumps(declaration))
    if len(_BY_OBJECT) >= _BY_OBJECT_KEPT:
        del _BY_OBJECT[next(iter(_BY_OBJECT))]
    _BY_OBJECT[id(declaration)] = (declaration, models)
    return models


@functools.lru_cache(maxsize=64)
def _models_of(declaration_text: str) -> dict[str, type]:
    # Building pydantic models costs milliseconds; a fuzzing run sends the same declaration often.
    built = build_models(read_declaration(json.loads(declaration_text)))
    return {name: cls for name, cls in built.items() if isinstance(cls, type) and issubclass(cls, BaseModel)}


def _decode(case: Case, models: dict[str, type]) -> Any:
    source = case.get("input")
    if not isinstance(source, dict) or "value" not in source:
        raise ValueError(f"case {case.get('id')}: input needs a value")
    try:
        return decode_value(source["value"], models)
    except TypeScriptOnlyValue as error:
        raise Skip(str(error)) from error


def _loc_path(loc: tuple[int | str, ...]) -> str:
    return "result" + "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in loc)


def _error(kind: str, message: str, path: str | None = None, text: str | None = None) -> Result:
    error: dict[str, Any] = {"kind": kind, "message": message}
    if path is not None:
        error["path"] = path
    if text is not None:
        error["text"] = text
    return {"error": error}


def normalize(case: Case) -> Result:
    """`{value, result_type?}` -> `{json, content, json_sha256}`, or the error normalization reports.

    `json_sha256` lets a fixture pin a result too long to write out (a 100,000-deep chain).
    """
    models = _models(case)
    raw = _decode(case, models)
    type_name = case["input"].get("result_type")
    if type_name is not None and type_name not in models:
        raise ValueError(f"case {case.get('id')}: result_type {type_name!r} is not a model of the declaration")
    try:
        value, content = normalize_and_render(raw, models[type_name] if type_name is not None else object)
    except ValidationError as error:
        # The message and path of the first line error; the text is the whole of str(error).
        # Only `msg` and `loc` are read: the URLs, contexts and inputs are not built.
        first = error.errors(include_url=False, include_context=False, include_input=False)[0]
        return _error("ValidationError", first["msg"], _loc_path(first["loc"]), str(error))
    except (PydanticSerializationError, UnicodeDecodeError) as error:
        # Both are ValueErrors: an Any pydantic cannot dump, bytes that are not UTF-8.
        return _error("ValueError", str(error))
    except NotImplementedError as error:
        # A computed field, whose declaration states no implementation.
        return _error("NotImplementedError", str(error))
    except (ResultTypeError, ResultValueError) as error:
        return _error("TypeError" if isinstance(error, TypeError) else "ValueError", str(error), error.path)
    except RecursionError as error:
        return _error("RecursionError", str(error))
    except OverflowError as error:
        # pydantic lets a duration beyond timedelta's range out as the bare OverflowError.
        return _error("OverflowError", str(error))
    except ValueError as error:
        # An int of more than 4,300 digits, which Python will not print.
        if "integer string conversion" not in str(error):
            raise
        return _error("ValueError", str(error))
    text = content if isinstance(value, (bool, dict, list)) else pyjson.dumps(value, separators=(",", ":"))
    return {"json": text, "content": content, "json_sha256": hashlib.sha256(text.encode("utf-8")).hexdigest()}


def render_content(case: Case) -> Result:
    """`{value}` -> `{content}`: the text the model would read for that value as it is."""
    raw = _decode(case, _models(case))
    if not isinstance(raw, _RENDERABLE):
        raise Skip(f"rendering a {type(raw).__name__} falls back to str(), whose text is language-specific")
    try:
        return {"content": to_chat_message_content(raw)}
    except TypeError as error:
        return _error("TypeError", str(error))
    except ValueError as error:
        return _error("ValueError", str(error))
