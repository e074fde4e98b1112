"""The text a model reads for a result (reference §4.5). Mirrors `src/actions/renderContent.ts`."""

from __future__ import annotations

from typing import Any

from ..pyjson.write_py_json import dumps


def to_chat_message_content(value: Any) -> str:
    """The text the model reads: `null`, compact ASCII-escaped JSON for bools and containers,
    `str()` for everything else."""
    if value is None:
        return "null"
    if isinstance(value, (bool, dict, list, tuple)):
        return dumps(value, separators=(",", ":"), allow_nan=False)
    return str(value)
