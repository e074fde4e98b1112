"""The configuration in effect where an action runs. Mirrors `src/runtime/readableConfiguration.ts`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class ReadableConfiguration:
    """Upstream `ReadableConfiguration`, from `RunnerContext.get_config()`: the plan's, or inside a
    sub-agent scope the child plan's. Each typed getter gives the value when it has that type, else
    the default."""

    def __init__(self, data: Mapping[str, Any] | None = None) -> None:
        self._data: Mapping[str, Any] = data if data is not None else {}

    def get(self, key: str, default: Any = None) -> Any:
        """The value under the key, or the default."""
        return self._data[key] if key in self._data else default

    def get_int(self, key: str, default: int | None = None) -> int | None:
        value = self._data.get(key)
        return value if isinstance(value, int) and not isinstance(value, bool) else default

    def get_bool(self, key: str, default: bool | None = None) -> bool | None:
        value = self._data.get(key)
        return value if isinstance(value, bool) else default

    def get_str(self, key: str, default: str | None = None) -> str | None:
        value = self._data.get(key)
        return value if isinstance(value, str) else default

    def to_dict(self) -> dict[str, Any]:
        """The keys and values, in the configuration's order."""
        return dict(self._data)
