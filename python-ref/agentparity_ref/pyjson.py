"""`json.dumps` and `json.loads` for values of any depth.

The standard `json` module recurses (both its C and its Python code) and fails near depth 1,000.
These functions print and read exactly what it prints and reads, with the same errors, but fall
back to loops of their own when the standard module runs out of stack, so that a result nested a
million levels deep can still be written and read.
"""

from __future__ import annotations

import gc
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from json.decoder import JSONDecodeError, scanstring
from json.encoder import encode_basestring, encode_basestring_ascii
from typing import Any

__all__ = ["JSONDecodeError", "dumps", "loads"]

_INFINITY = float("inf")


def dumps(
    obj: Any,
    *,
    ensure_ascii: bool = True,
    separators: tuple[str, str] | None = None,
    allow_nan: bool = True,
) -> str:
    """`json.dumps(obj, ensure_ascii=..., separators=..., allow_nan=...)`, at any depth."""
    try:
        return json.dumps(obj, ensure_ascii=ensure_ascii, separators=separators, allow_nan=allow_nan)
    except RecursionError:
        with gc_paused():
            return _dumps_without_recursion(obj, ensure_ascii=ensure_ascii, separators=separators, allow_nan=allow_nan)


def loads(text: str) -> Any:
    """`json.loads(text)`, at any depth."""
    try:
        return json.loads(text)
    except RecursionError:
        with gc_paused():
            return _loads_without_recursion(text)


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pauses the cyclic garbage collector for a loop that allocates many small objects.

    Each collection of the oldest generation scans every live container, and a deep value is a
    million of them, so the collector would otherwise cost several times the loop itself. The
    loops create no reference cycles, so nothing is left for the collector to find afterwards.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _float_text(value: float, allow_nan: bool) -> str:
    # The same spelling and the same refusal as the json module's encoder.
    if value != value:
        text = "NaN"
    elif value == _INFINITY:
        text = "Infinity"
    elif value == -_INFINITY:
        text = "-Infinity"
    else:
        return float.__repr__(value)
    if not allow_nan:
        raise ValueError("Out of range float values are not JSON compliant")
    return text


def _key_text(key: Any, allow_nan: bool) -> str:
    # json converts these key types to strings, and refuses every other one.
    if isinstance(key, str):
        return key
    if isinstance(key, float):
        return _float_text(key, allow_nan)
    if key is True:
        return "true"
    if key is False:
        return "false"
    if key is None:
        return "null"
    if isinstance(key, int):
        return int.__repr__(key)
    raise TypeError(f"keys must be str, int, float, bool or None, not {key.__class__.__name__}")


def _dumps_without_recursion(
    obj: Any,
    *,
    ensure_ascii: bool = True,
    separators: tuple[str, str] | None = None,
    allow_nan: bool = True,
) -> str:
    """The loop behind `dumps`: one frame per open container instead of one call."""
    encode = encode_basestring_ascii if ensure_ascii else encode_basestring
    item_sep, key_sep = separators if separators is not None else (", ", ": ")
    out: list[str] = []
    write = out.append
    # Each frame: the container's id, an iterator over its items, and whether it is a dict.
    frames: list[tuple[int, Iterator[Any], bool]] = []
    open_ids: set[int] = set()

    def emit(value: Any) -> None:
        if isinstance(value, str):
            write(encode(value))
        elif value is None:
            write("null")
        elif value is True:
            write("true")
        elif value is False:
            write("false")
        elif isinstance(value, int):
            write(int.__repr__(value))
        elif isinstance(value, float):
            write(_float_text(value, allow_nan))
        elif isinstance(value, (list, tuple, dict)):
            marker = id(value)
            if marker in open_ids:
                raise ValueError("Circular reference detected")
            is_dict = isinstance(value, dict)
            if not value:
                write("{}" if is_dict else "[]")
                return
            open_ids.add(marker)
            write("{" if is_dict else "[")
            frames.append((marker, iter(value.items() if is_dict else value), is_dict))
        else:
            raise TypeError(f"Object of type {value.__class__.__name__} is not JSON serializable")

    emit(obj)
    first = True
    while frames:
        marker, items, is_dict = frames[-1]
        depth = len(frames)
        for item in items:
            if not first:
                write(item_sep)
            first = False
            if is_dict:
                key, item = item
                write(encode(_key_text(key, allow_nan)))
                write(key_sep)
            emit(item)
            if len(frames) > depth:
                # A container opened: write its items before the rest of this one.
                first = True
                break
        else:
            frames.pop()
            open_ids.discard(marker)
            write("}" if is_dict else "]")
            first = False
    return "".join(out)


_NUMBER = re.compile(r"(-?(?:0|[1-9]\d*))(\.\d+)?([eE][-+]?\d+)?")
_WHITESPACE = re.compile(r"[ \t\n\r]*")
_CONSTANTS: dict[str, Any] = {
    "null": None,
    "true": True,
    "false": False,
    "NaN": float("nan"),
    "Infinity": _INFINITY,
    "-Infinity": -_INFINITY,
}


def _loads_without_recursion(text: str) -> Any:
    """The loop behind `loads`: a stack of open containers instead of nested calls.

    The messages and positions of its errors are those of `json.loads`.
    """
    skip = _WHITESPACE.match
    # Each open container: the container, and for a dict the key whose value comes next.
    stack: list[list[Any]] = []
    pos = skip(text, 0).end()
    while True:
        top = stack[-1] if stack else None
        if top is not None and isinstance(top[0], dict):
            if text[pos : pos + 1] != '"':
                raise JSONDecodeError("Expecting property name enclosed in double quotes", text, pos)
            top[1], pos = scanstring(text, pos + 1)
            pos = skip(text, pos).end()
            if text[pos : pos + 1] != ":":
                raise JSONDecodeError("Expecting ':' delimiter", text, pos)
            pos = skip(text, pos + 1).end()
        char = text[pos : pos + 1]
        if char == "{" or char == "[":
            container: Any = {} if char == "{" else []
            pos = skip(text, pos + 1).end()
            closer = "}" if char == "{" else "]"
            if text[pos : pos + 1] == closer:
                value: Any = container
                pos += 1
            else:
                if char == "{" and text[pos : pos + 1] != '"':
                    raise JSONDecodeError("Expecting property name enclosed in double quotes", text, pos)
                stack.append([container, None])
                continue
        else:
            value, pos = _scalar(text, pos)
        # Attach the value, then close every container that ends here or step past one comma.
        while True:
            if not stack:
                end = skip(text, pos).end()
                if end != len(text):
                    raise JSONDecodeError("Extra data", text, end)
                return value
            container, key = stack[-1]
            if isinstance(container, dict):
                container[key] = value
            else:
                container.append(value)
            pos = skip(text, pos).end()
            char = text[pos : pos + 1]
            closer = "}" if isinstance(container, dict) else "]"
            if char == closer:
                stack.pop()
                value = container
                pos += 1
                continue
            if char != ",":
                raise JSONDecodeError("Expecting ',' delimiter", text, pos)
            pos = skip(text, pos + 1).end()
            break


def _scalar(text: str, pos: int) -> tuple[Any, int]:
    char = text[pos : pos + 1]
    if char == '"':
        return scanstring(text, pos + 1)
    for word, value in _CONSTANTS.items():
        if text.startswith(word, pos):
            return value, pos + len(word)
    match = _NUMBER.match(text, pos)
    if match is None:
        raise JSONDecodeError("Expecting value", text, pos)
    integer, fraction, exponent = match.groups()
    if fraction or exponent:
        return float(integer + (fraction or "") + (exponent or "")), match.end()
    return int(integer), match.end()
