"""The leaves of the value codec: tagged scalars and Python's key equality."""

from __future__ import annotations

import base64
import binascii
import math
import re
import sys
from typing import Any

from .codec_error import CodecError, Path

FLOAT_TEXT = re.compile(r"NaN|-?Infinity|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?")
INT_TEXT = re.compile(r"-?(?:0|[1-9]\d*)")
BASE64_TEXT = re.compile(r"(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?")

# Encodings of values only TypeScript has; the Python participant skips a case that holds one.
TYPESCRIPT_ONLY_TAGS = frozenset({"$undefined", "$hole", "$function", "$symbol", "$date", "$typedArray", "$toJSON"})


def decode_float(text: Any, path: Path) -> float:
    if not isinstance(text, str) or FLOAT_TEXT.fullmatch(text) is None:
        raise CodecError("$float takes a JSON number, NaN, Infinity or -Infinity as a string", path)
    return float(text)


def decode_int(text: Any, path: Path) -> int:
    if not isinstance(text, str) or INT_TEXT.fullmatch(text) is None:
        raise CodecError("$int takes the decimal digits of an integer as a string", path)
    return int_of_digits(text)


def int_of_digits(text: str) -> int:
    """`int(text)` at any length. Python refuses more than 4,300 digits either way; a request
    must still be read whole, and the limit is met where upstream meets it: when the result is
    rendered as text."""
    if len(text) <= 4300:
        return int(text)
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return int(text)
    finally:
        sys.set_int_max_str_digits(limit)


def decode_bytes(text: Any, path: Path) -> bytes:
    if not isinstance(text, str) or BASE64_TEXT.fullmatch(text) is None:
        raise CodecError("$bytes takes standard padded base64 as a string", path)
    try:
        return base64.b64decode(text, validate=True)
    except binascii.Error as error:
        raise CodecError(f"$bytes is not valid base64: {error}", path) from error


_HASHABLE_TAGS = frozenset({"$float", "$int", "$bytes", "$tuple"})
ARRAY_INDEX = re.compile(r"0|[1-9]\d*")


def is_array_index(key: str) -> bool:
    """Whether a JavaScript object would move this key to the front (an array index)."""
    return ARRAY_INDEX.fullmatch(key) is not None and int(key) < 4294967295


def check_hashable(node: Any, path: Path) -> None:
    """Whether a document node may be a `$map` key or a `$set` member: what Python can hash and
    both languages compare alike (null, a bool, a number, a string, `$float`, `$int`, `$bytes`,
    or a `$tuple` of those). Checked on the document, where a tuple still differs from a list."""
    pending: list[tuple[Any, Path]] = [(node, path)]
    while pending:
        item, at = pending.pop()
        if item is None or isinstance(item, (bool, int, float, str)):
            continue
        if isinstance(item, dict) and len(item) == 1:
            tag, body = next(iter(item.items()))
            if tag in _HASHABLE_TAGS:
                if tag == "$tuple" and isinstance(body, list):
                    pending.extend((member, (*at, tag, index)) for index, member in enumerate(body))
                continue
        raise CodecError(
            "a map key or set member must be null, a bool, a number, a string, $float, $int, $bytes or a $tuple of those",
            at,
        )


def equality_key(value: Any, path: Path) -> object:
    """What Python compares when `value` is a dict key or set member.

    Python merges keys that compare equal (1, 1.0 and True) and TypeScript's Map and Set do not,
    so a map or set that holds two such keys is refused: the two languages would build different
    containers from it. NaN is refused for the opposite reason.
    """
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, bool):
        return ("number", int(value))
    if isinstance(value, int):
        return ("number", value)
    if isinstance(value, float):
        if math.isnan(value):
            raise CodecError("NaN cannot be a map key or set member: the two languages disagree on its equality", path)
        return ("number", int(value)) if value.is_integer() else ("number", value)
    if isinstance(value, bytes):
        return ("bytes", value)
    # `check_hashable` let nothing else through but a tuple.
    return ("tuple", tuple(equality_key(item, path) for item in value))
