"""Errors of the value codec: a malformed encoding, or a value only TypeScript has."""

from __future__ import annotations


def pointer(parts: tuple[str | int, ...]) -> str:
    """A JSON pointer (RFC 6901) into the encoded document."""
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in parts) or "/"


class CodecError(ValueError):
    """A malformed encoding; `path` is the JSON pointer of the offending node in the document."""

    def __init__(self, message: str, path: tuple[str | int, ...]) -> None:
        self.path = pointer(path)
        super().__init__(f"bad value encoding at {self.path}: {message}")


class TypeScriptOnlyValue(Exception):
    """An encoding of a value Python has no counterpart for (`$undefined`, `$hole`, ...)."""

    def __init__(self, tag: str, path: tuple[str | int, ...]) -> None:
        self.tag = tag
        self.path = pointer(path)
        super().__init__(f"{tag} at {self.path} is a TypeScript-only value; Python has no counterpart")
