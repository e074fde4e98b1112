"""An agent compiled into data. Mirrors `src/plan/agentPlan.ts`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from ..resources.resource_type import ResourceType
from .action import Action
from .resource_provider import ResourceProvider, ResourceProviders


class _Absent:
    """A key the plan this one was read from did not have (older Java plans omit some)."""

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT: Any = _Absent()


@dataclass(eq=False)
class AgentConfiguration:
    conf_data: dict[str, Any]


@dataclass(eq=False)
class AgentPlan:
    """An agent compiled into data, in the upstream plan JSON layout.

    A field that is ``ABSENT`` was absent from the plan this one was read from and stays absent
    when the plan is written back.
    """

    actions: dict[str, Action]
    resource_providers: Any
    """``ResourceProviders``, or ``ABSENT``."""
    agent_name: Any
    """A string, None, or ``ABSENT``."""
    config: Any
    """An ``AgentConfiguration``, None, or ``ABSENT``."""

    def provider(self, type: ResourceType | str, name: str) -> ResourceProvider | None:
        if self.resource_providers is ABSENT:
            return None
        providers = cast("ResourceProviders", self.resource_providers)
        return providers.get(ResourceType(type), {}).get(name)
