"""`json.dumps` for values of any depth.

The standard `json` module recurses (both its C and its Python code) and fails near depth 1,000.
`dumps` prints exactly what it prints, with the same errors, but falls back to a loop of its own
when the standard module runs out of stack, so that a result nested a million levels deep can
still be written. Mirrors `src/json/writePyJson.ts`.
"""

from __future__ import annotations

from collections.abc import Iterator
from json import JSONEncoder
from json.encoder import encode_basestring, encode_basestring_ascii
from typing import Any

from .gc_paused import gc_paused

_INFINITY = float("inf")

_encoders: dict[tuple[bool, tuple[str, str] | None, bool], JSONEncoder] = {}


def _encoder(ensure_ascii: bool, separators: tuple[str, str] | None, allow_nan: bool) -> JSONEncoder:
    """The encoder `json.dumps` would build for these options. It keeps no state between calls,
    so one per set of options serves every call: `json.dumps` builds a new one each time it is
    given options, which costs as much as writing a small value."""
    key = (ensure_ascii, None if separators is None else (separators[0], separators[1]), allow_nan)
    encoder = _encoders.get(key)
    if encoder is None:
        encoder = _encoders[key] = JSONEncoder(ensure_ascii=ensure_ascii, separators=key[1], allow_nan=allow_nan)
    return encoder


def dumps(
    obj: Any,
    *,
    ensure_ascii: bool = True,
    separators: tuple[str, str] | None = None,
    allow_nan: bool = True,
) -> str:
    """`json.dumps(obj, ensure_ascii=..., separators=..., allow_nan=...)`, at any depth."""
    text = _scalar_text(obj, ensure_ascii, allow_nan)
    if text is not None:
        return text
    try:
        return _encoder(ensure_ascii, separators, allow_nan).encode(obj)
    except RecursionError:
        with gc_paused():
            return _dumps_without_recursion(obj, ensure_ascii=ensure_ascii, separators=separators, allow_nan=allow_nan)


def _scalar_text(value: Any, ensure_ascii: bool, allow_nan: bool) -> str | None:
    """The text of an exact scalar, as the json module writes it, or None for anything else.
    Writing one through an encoder costs more than the text itself (a result is often one)."""
    kind = type(value)
    if kind is str:
        return encode_basestring_ascii(value) if ensure_ascii else encode_basestring(value)
    if value is None:
        return "null"
    if kind is bool:
        return "true" if value else "false"
    if kind is int:
        return int.__repr__(value)
    if kind is float:
        return _float_text(value, allow_nan)
    return None


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

    def open_container(value: Any, is_dict: bool) -> bool:
        marker = id(value)
        if marker in open_ids:
            raise ValueError("Circular reference detected")
        if not value:
            write("{}" if is_dict else "[]")
            return False
        open_ids.add(marker)
        write("{" if is_dict else "[")
        frames.append((marker, iter(value.items() if is_dict else value), is_dict))
        return True

    def emit(value: Any) -> bool:
        """Writes a scalar, or opens a container and says so. The exact types come first (a deep
        value is mostly containers); a subclass goes through the json module's order of tests."""
        kind = type(value)
        if kind is dict or kind is list or kind is tuple:
            return open_container(value, kind is dict)
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
            return open_container(value, isinstance(value, dict))
        else:
            raise TypeError(f"Object of type {value.__class__.__name__} is not JSON serializable")
        return False

    emit(obj)
    first = True
    while frames:
        marker, items, is_dict = frames[-1]
        for item in items:
            if first:
                first = False
            else:
                write(item_sep)
            if is_dict:
                key, item = item
                write(encode(key if type(key) is str else _key_text(key, allow_nan)))
                write(key_sep)
            if emit(item):
                # A container opened: write its items before the rest of this one.
                first = True
                break
        else:
            frames.pop()
            open_ids.discard(marker)
            write("}" if is_dict else "]")
            first = False
    return "".join(out)
