"""The resources an agent reaches from its actions, by type then by name."""

from __future__ import annotations

from typing import Any, Literal

ResourceTypeName = Literal[
    "chat_model",
    "chat_model_connection",
    "tool",
    "embedding_model",
    "vector_store",
    "prompt",
    "mcp_server",
    "skills",
    "agent",
]


class Resources:
    """Names are unique per type: a tool and a sub-agent may share one."""

    def __init__(self) -> None:
        self._by_type: dict[str, dict[str, Any]] = {}

    def add(self, name: str, type_: ResourceTypeName, resource: Any) -> Resources:
        named = self._by_type.setdefault(type_, {})
        if name in named:
            raise ValueError(f"Duplicate resource name: {name}")
        named[name] = resource
        return self

    def list(self, type_: ResourceTypeName) -> list[tuple[str, Any]]:
        """The resources of one type, in the order they were added."""
        return list(self._by_type.get(type_, {}).items())

    def get(self, name: str, type_: ResourceTypeName) -> Any:
        """The resource, or the upstream runtime's `KeyError` when there is none."""
        named = self._by_type.get(type_, {})
        if name not in named:
            raise KeyError(f"Resource not found: '{name}' of type ResourceType.{type_.upper()}")
        return named[name]
