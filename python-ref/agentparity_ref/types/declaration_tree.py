"""Reading a JSON tree while validating a declaration (mirrors `src/types/declarationTree.ts`).

Every refusal is a `DeclarationError` whose `path` is the JSON path of the node.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TypeVar

from . import declaration_messages as msg
from .declaration_messages import DeclarationError

T = TypeVar("T", bound=str)

_IDENTIFIER_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
MISSING: Any = object()
"""What `get` answers for an absent key (a present key may hold None)."""


def is_py_int(value: Any) -> bool:
    return type(value) is int


def is_py_float(value: Any) -> bool:
    return type(value) is float


def is_json_scalar(value: Any) -> bool:
    return value is None or isinstance(value, (bool, str)) or type(value) in (int, float)


def is_finite_float(value: Any) -> bool:
    return type(value) is not float or math.isfinite(value)


# The path segment of each key met, kept: a declaration repeats the same few keys many times.
_key_segments: dict[str, str] = {}


def child_path(path: str, key: str | int) -> str:
    """`$.models[0]`, `$.models[0].fields`, `$.json_schema_extra["odd key"]`."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    segment = _key_segments.get(key)
    if segment is None:
        segment = f".{key}" if _IDENTIFIER_KEY.fullmatch(key) else f"[{json.dumps(key)}]"
        if len(_key_segments) < 4096:
            _key_segments[key] = segment
    return path + segment


def fail(path: str, refusal: msg.Refusal) -> NoReturn:
    raise DeclarationError(refusal.message, path, code=refusal.code)


def expected(what: str, value: Any, path: str) -> NoReturn:
    fail(path, msg.expected_message(what, value))


def expect_object(value: Any, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        expected("an object", value, path)
    return value


def expect_array(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        expected("an array", value, path)
    return value


def expect_string(value: Any, path: str) -> str:
    if not isinstance(value, str):
        expected("a string", value, path)
    return value


def expect_boolean(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        expected("a boolean", value, path)
    return value


def expect_one_of(value: Any, choices: Sequence[T], path: str) -> T:
    text = expect_string(value, path)
    if text not in choices:
        fail(path, msg.not_one_of(choices, text))
    return text  # type: ignore[return-value]


def check_known_keys(
    node: dict[str, Any],
    allowed: Sequence[str],
    path: str,
    message: Callable[[str], msg.Refusal] = msg.unknown_key,
) -> None:
    """Refuses the first key, in written order, that `allowed` does not list."""
    for key in node:
        if key not in allowed:
            fail(child_path(path, key), message(key))


def get(node: dict[str, Any], key: str) -> Any:
    return node.get(key, MISSING)


def require_key(node: dict[str, Any], key: str, path: str) -> Any:
    if key not in node:
        fail(child_path(path, key), msg.missing_key(key))
    return node[key]
