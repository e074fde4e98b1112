"""JSON Pointers (RFC 6901), the paths that plan errors, codec errors and differences are
reported at. Mirrors `src/json/jsonPointer.ts`."""

from __future__ import annotations


def escape_pointer_token(token: str | int) -> str:
    return str(token).replace("~", "~0").replace("/", "~1")


def child_pointer(pointer: str, token: str | int) -> str:
    return f"{pointer}/{escape_pointer_token(token)}"
