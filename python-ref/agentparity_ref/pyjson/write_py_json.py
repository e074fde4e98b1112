"""`json.dumps` for values of any depth.

The standard `json` module recurses (both its C and its Python code) and fails near depth 1,000.
`dumps` prints exactly what it prints, with the same errors, but falls back to a loop of its own
when the standard module runs out of stack, so that a result nested a million levels deep can
still be written. Mirrors `src/json/writePyJson.ts` and its walk, `src/json/writeJsonText.ts`.
"""

from __future__ import annotations

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


def _key_text(key: Any, allow_nan: bool, exact_only: bool = False) -> str:
    # json converts these key types to strings, and refuses every other one.
    if exact_only:
        raise _NotExact
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


class _NotExact(Exception):
    """Met by `exact_json_text`'s walk: a value other than those it writes."""


def exact_json_text(obj: Any) -> str | None:
    """`json.dumps(obj, separators=(",", ":"), allow_nan=False)` at any depth, for a value made of
    exact dicts with str keys, lists, str, int, finite float, bool and None; None for any other
    value, and for one `json` refuses (a cycle, an int too long to print).

    One walk that both checks and writes: a deep result already in that form (which the standard
    module cannot write) is then walked once, not checked and written by two loops.
    """
    try:
        with gc_paused():
            return _dumps_without_recursion(obj, separators=(",", ":"), allow_nan=False, exact_only=True)
    except (_NotExact, ValueError):
        return None


def _dumps_without_recursion(
    obj: Any,
    *,
    ensure_ascii: bool = True,
    separators: tuple[str, str] | None = None,
    allow_nan: bool = True,
    exact_only: bool = False,
) -> str:
    """The loop behind `dumps`, in time proportional to the text at any depth.

    A container stays on the stack only while it has items left: when the loop enters its last
    item, all that is left of it is its closing bracket, so a chain a million deep keeps one
    character per level, and its closing brackets are written in one piece. A cycle is found
    without a set of the path: a container entered at depth d is compared with the one open at
    depth 2**k - 1, the deepest such depth above d. A cycle, once entered, repeats the same walk
    forever, so its containers recur on the path with a fixed period, and a comparison meets one
    once 2**k passes both the depth where the cycle starts and its period (Brent's method). It
    is found later than the json module finds it, but the walk in between repeats what was
    walked without error, so the first error is the same. Mirrors `src/json/writeJsonText.ts`.
    """
    encode = encode_basestring_ascii if ensure_ascii else encode_basestring
    item_sep, key_sep = separators if separators is not None else (", ", ": ")
    out: list[str] = []
    write = out.append
    # The containers with items left: [their items, is a dict, items left, pending closers when
    # opened (those close after it)].
    frames: list[list[Any]] = []
    closers: list[str] = []
    # anchors[k]: the container open at depth 2**k - 1.
    anchors: list[Any] = [None] * 64
    depth = 0
    # A deep value repeats its keys: the text written before a dict's first value is kept.
    open_key: Any = None
    open_text = ""
    value = obj
    while True:
        # The exact types first, which are all an exact value holds; then, unless only those
        # are asked for, what `json` accepts besides (tuples, subclasses), in its order.
        kind = type(value)
        if kind is dict:
            is_dict = True
        elif kind is list:
            is_dict = False
        elif kind is str:
            write(encode(value))
            is_dict = None
        elif value is None:
            write("null")
            is_dict = None
        elif value is True:
            write("true")
            is_dict = None
        elif value is False:
            write("false")
            is_dict = None
        elif kind is int:
            write(int.__repr__(value))
            is_dict = None
        elif kind is float:
            write(_float_text(value, allow_nan))
            is_dict = None
        elif exact_only:
            raise _NotExact
        elif isinstance(value, str):
            write(encode(value))
            is_dict = None
        elif isinstance(value, int):
            write(int.__repr__(value))
            is_dict = None
        elif isinstance(value, float):
            write(_float_text(value, allow_nan))
            is_dict = None
        elif isinstance(value, (list, tuple)):
            is_dict = False
        elif isinstance(value, dict):
            is_dict = True
        else:
            raise TypeError(f"Object of type {value.__class__.__name__} is not JSON serializable")
        if is_dict is not None:
            size = len(value)
            if not size:
                write("{}" if is_dict else "[]")
            else:
                if depth:
                    if value is anchors[depth.bit_length() - 1]:
                        raise ValueError("Circular reference detected")
                    if not depth & (depth + 1):
                        anchors[depth.bit_length()] = value
                else:
                    anchors[0] = value
                depth += 1
                if is_dict:
                    items = iter(value.items())
                    key, value = next(items)
                    if key is not open_key or type(key) is not str:
                        open_key = key
                        open_text = "{" + encode(key if type(key) is str else _key_text(key, allow_nan, exact_only)) + key_sep
                    write(open_text)
                    closer = "}"
                else:
                    items = iter(value)
                    value = next(items)
                    write("[")
                    closer = "]"
                if size == 1:
                    closers.append(closer)
                else:
                    frames.append([items, is_dict, size - 1, len(closers)])
                continue
        # The value is written: close what it ended, and go on with the next item of the
        # innermost container that has one.
        if not frames:
            if closers:
                closers.reverse()
                write("".join(closers))
            return "".join(out)
        frame = frames[-1]
        mark = frame[3]
        if len(closers) > mark:
            ended = closers[mark:]
            del closers[mark:]
            depth -= len(ended)
            ended.reverse()
            write("".join(ended))
        items, is_dict, left = frame[0], frame[1], frame[2]
        if left == 1:
            frames.pop()
            closers.append("}" if is_dict else "]")
        else:
            frame[2] = left - 1
        write(item_sep)
        if is_dict:
            key, value = next(items)
            write(encode(key if type(key) is str else _key_text(key, allow_nan, exact_only)))
            write(key_sep)
        else:
            value = next(items)
