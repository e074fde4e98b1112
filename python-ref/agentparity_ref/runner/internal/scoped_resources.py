"""A sub-agent scope's resources. Mirrors `src/runner/internal/scopedResources.ts`."""

from __future__ import annotations

from typing import Any

from ...resources.resource_type import ResourceType
from ..agent_resources import AgentResources
from ...errors import NotFoundError


class ScopedResources:
    """Upstream's child cache: the child's own first, then the root agent's. Every scope falls back
    to the root, a grandchild included, as upstream's operator does."""

    def __init__(self, own: AgentResources, root: AgentResources) -> None:
        self._own = own
        self._root = root

    def get(self, name: str, resource_type: ResourceType | str) -> Any:
        if self._own.has(name, resource_type):
            return self._own.get(name, resource_type)
        if self._root.has(name, resource_type):
            return self._root.get(name, resource_type)
        raise NotFoundError(f"Resource not found: {name} of type {ResourceType(resource_type).value}", code="SCOPED_RESOURCE_NOT_FOUND")
