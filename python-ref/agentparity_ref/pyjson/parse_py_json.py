"""`json.loads` for text of any depth.

The standard `json` module recurses and fails near depth 1,000. `loads` reads exactly what it
reads, with the same errors, but falls back to a loop of its own when the standard module runs out
of stack. Mirrors `src/json/parsePyJson.ts`.
"""

from __future__ import annotations

import json
import re
from json.decoder import JSONDecodeError, scanstring
from typing import Any

from .gc_paused import gc_paused

_INFINITY = float("inf")


def loads(text: str) -> Any:
    """`json.loads(text)`, at any depth."""
    try:
        return json.loads(text)
    except RecursionError:
        with gc_paused():
            return _loads_without_recursion(text)


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
