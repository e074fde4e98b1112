"""An exception as the protocol's error shape, with the rule for `kind` (mirrors `conformance/kit/errorShape.ts`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic_core import ValidationError

from ..errors import error_code

# The kinds of the protocol (docs/protocol.md, "The rule for kind").
KINDS = frozenset(
    {"ValueError", "TypeError", "KeyError", "ValidationError", "NotImplementedError", "RuntimeError", "RecursionError", "OverflowError"}
)


def error_kind(error: BaseException) -> str:
    """The first protocol kind met walking up the exception's classes from its own: a
    `UnicodeDecodeError` is a `ValueError`, a pydantic `ValidationError` stays one."""
    for cls in type(error).__mro__:
        if cls.__name__ in KINDS:
            return cls.__name__
    return "RuntimeError"


def loc_path(loc: Sequence[int | str], root: str = "result") -> str:
    """A pydantic error location in the normalization notation: `result.a[0]`."""
    return root + "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in loc)


def error_result(error: BaseException, path: str | None = None) -> dict[str, Any]:
    """`{"error": {kind, code?, message, path?, text?}}`; `code` for an `AgentparityError`. The message is `str(error)`; for a pydantic
    `ValidationError` it is the first line error's, `text` is the whole `str(error)`, and the path
    defaults to that line error's location. Otherwise the path defaults to the error's own
    `path` attribute, when it is a string."""
    shape: dict[str, Any] = {"kind": error_kind(error)}
    if isinstance(error, ValidationError):
        # Only `msg` and `loc` are read: the URLs, contexts and inputs are not built.
        first = error.errors(include_url=False, include_context=False, include_input=False)[0]
        shape["message"] = first["msg"]
        shape["path"] = path if path is not None else loc_path(first["loc"])
        shape["text"] = str(error)
        return {"error": shape}
    code = error_code(error)
    if code is not None:
        shape["code"] = code
    shape["message"] = str(error)
    own = getattr(error, "path", None)
    if path is None and isinstance(own, str):
        path = own
    if path is not None:
        shape["path"] = path
    return {"error": shape}
