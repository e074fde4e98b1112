"""Checked reading of plan JSON: every error names the JSON Pointer of the offending value.

Mirrors `src/plan/jsonNode.ts` and `planReadError.ts` (pointers are `pyjson.json_pointer`); messages and the order
of checks are the same in both languages.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NoReturn

from ..errors import AgentparityError
from ..pyjson.json_pointer import child_pointer
from ..types.declaration_messages import quote, show


class PlanReadError(AgentparityError, ValueError):
    """A plan (or a part of one) that cannot be read; ``path`` is the JSON Pointer of the offending value."""

    def __init__(self, message: str, path: str, *, code: str) -> None:
        super().__init__(message, code=code)
        self.path = path


class JsonNode:
    """A value read from a plan, with the pointer every error about it is reported at."""

    def __init__(self, value: Any, pointer: str) -> None:
        self.value = value
        self.pointer = pointer

    def fail(self, code: str, message: str) -> NoReturn:
        raise PlanReadError(message, self.pointer, code=code)

    def _expect(self, what: str) -> NoReturn:
        self.fail("PLAN_EXPECTED_TYPE", f"expected {what}, got {show(self.value)}")

    @property
    def is_null(self) -> bool:
        return self.value is None

    def as_object(self) -> ObjectNode:
        if not isinstance(self.value, dict):
            self._expect("an object")
        return ObjectNode(self.value, self.pointer)

    def as_array(self) -> list[JsonNode]:
        if not isinstance(self.value, list):
            self._expect("an array")
        return [JsonNode(item, child_pointer(self.pointer, index)) for index, item in enumerate(self.value)]

    def as_string(self) -> str:
        if not isinstance(self.value, str):
            self._expect("a string")
        return self.value

    def as_boolean(self) -> bool:
        if not isinstance(self.value, bool):
            self._expect("a boolean")
        return self.value

    def as_number(self) -> float | int:
        """A number (an int or a float)."""
        if not isinstance(self.value, int | float) or isinstance(self.value, bool):
            self._expect("a number")
        return self.value

    def as_string_array(self) -> list[str]:
        return [item.as_string() for item in self.as_array()]


class ObjectNode:
    """An object read from a plan: its keys in written order, with checked access to each."""

    def __init__(self, entries: dict[str, Any], pointer: str) -> None:
        self.entries = entries
        self.pointer = pointer

    @property
    def keys(self) -> list[str]:
        return list(self.entries)

    def has(self, key: str) -> bool:
        return key in self.entries

    def required(self, key: str) -> JsonNode:
        if key not in self.entries:
            raise PlanReadError(f"missing required key {quote(key)}", child_pointer(self.pointer, key), code="PLAN_MISSING_KEY")
        return JsonNode(self.entries[key], child_pointer(self.pointer, key))

    def optional(self, key: str) -> JsonNode | None:
        return self.required(key) if key in self.entries else None

    def allow_only(self, allowed: Sequence[str]) -> ObjectNode:
        """Refuses a key the format does not define, so that a misspelt key is not silently lost."""
        for key in self.entries:
            if key not in allowed:
                raise PlanReadError(f"unknown key {quote(key)}", child_pointer(self.pointer, key), code="PLAN_UNKNOWN_KEY")
        return self

    def members(self) -> list[tuple[str, JsonNode]]:
        return [(key, self.required(key)) for key in self.entries]
