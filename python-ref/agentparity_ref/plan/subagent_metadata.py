"""What an agent tells a caller about itself as a sub-agent. Mirrors `src/plan/subagentMetadata.ts`."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any


class SubagentMetadataProvider(ABC):
    """Upstream `SubagentMetadataProvider`: routing information for a caller deciding whether to
    delegate, and the JSON Schema of the input. None means none declared."""

    @abstractmethod
    def get_subagent_description(self) -> str | None: ...

    @abstractmethod
    def get_subagent_input_schema(self) -> str | None: ...


def subagent_metadata(agent: Any) -> dict[str, Any]:
    """An agent's declared metadata; without the capability (or None), description "" and no schema."""
    if not isinstance(agent, SubagentMetadataProvider):
        return {"description": "", "input_schema": None}
    return {"description": agent.get_subagent_description() or "", "input_schema": agent.get_subagent_input_schema()}
