"""Errors of the value codec: a malformed encoding, or a value only TypeScript has."""

from __future__ import annotations

from collections.abc import Sequence

from ..pyjson.json_pointer import escape_pointer_token

Path = tuple[str | int, ...]


def pointer(parts: Sequence[str | int]) -> str:
    """A JSON pointer (RFC 6901) into the encoded document."""
    return "".join("/" + escape_pointer_token(part) for part in parts) or "/"


class _Located(Exception):
    """An error about one node of the document, which can be moved under the node's place.

    The decoder builds no path while it works: a problem inside a node is raised with its path
    from that node, and the decoder prefixes the node's own path, read from its stack of frames,
    on the way out (`move_under`).
    """

    def __init__(self, path: Sequence[str | int]) -> None:
        self.parts: Path = tuple(path)
        self.path = pointer(self.parts)
        super().__init__(self.text())

    def text(self) -> str:
        raise NotImplementedError

    def move_under(self, prefix: Path) -> None:
        self.parts = (*prefix, *self.parts)
        self.path = pointer(self.parts)
        self.args = (self.text(),)


class CodecError(_Located, ValueError):
    """A malformed encoding; `path` is the JSON pointer of the offending node in the document."""

    def __init__(self, message: str, path: Sequence[str | int]) -> None:
        self.reason = message
        super().__init__(path)

    def text(self) -> str:
        return f"bad value encoding at {self.path}: {self.reason}"


class TypeScriptOnlyValue(_Located):
    """An encoding of a value Python has no counterpart for (`$undefined`, `$hole`, ...)."""

    def __init__(self, tag: str, path: Sequence[str | int]) -> None:
        self.tag = tag
        super().__init__(path)

    def text(self) -> str:
        return f"{self.tag} at {self.path} is a TypeScript-only value; Python has no counterpart"
