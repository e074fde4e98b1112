"""The tagged value encoding of normalization fixtures and fuzzing (DESIGN §3.2).

Plain JSON stands for itself. Any object with a key that starts with `$` is an encoding of a
value JSON has no form for: a non-finite float, a big int, a dict with non-string keys, bytes, a
tuple, a set, a declared model instance, a plain class instance, a shared node, a deep chain, or
a TypeScript-only value. `decode_value` builds the Python value; `encode_value` writes a value
back in the same encoding. Both loop instead of recursing.
"""

from __future__ import annotations

from .codec_error import CodecError, TypeScriptOnlyValue
from .decode_value import decode_value
from .encode_value import encode_value
from .plain_class import plain_class

__all__ = ["CodecError", "TypeScriptOnlyValue", "decode_value", "encode_value", "plain_class"]
