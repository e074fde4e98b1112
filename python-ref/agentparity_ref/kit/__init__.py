"""The participant kit: what an adapter for another Python implementation needs to join the harness.

`serve(ops, name=..., version=...)` speaks the protocol (docs/protocol.md) on stdin and stdout;
each op is `def op(case: dict) -> dict` and may raise `Skip(reason)`. `decode_value` and
`encode_value` read and write the value encoding, `declared_models` builds a declaration's
pydantic models as the reference builds them, and `error_result` turns an exception into the
protocol's error shape.
"""

from __future__ import annotations

from typing import Any

from ..codec import CodecError, TypeScriptOnlyValue, decode_value, encode_value
from ..ops import Skip
from .error_shape import error_kind, error_result, loc_path
from .serve_participant import serve



def declared_models(declaration: Any) -> dict[str, type]:
    """`kit.declarations.declared_models`, imported on first use: a participant that never
    builds a model never pays for importing pydantic and the declaration reader."""
    from .declarations import declared_models as build

    return build(declaration)


__all__ = [
    "CodecError",
    "Skip",
    "TypeScriptOnlyValue",
    "declared_models",
    "decode_value",
    "encode_value",
    "error_kind",
    "error_result",
    "loc_path",
    "serve",
]
