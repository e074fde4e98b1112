"""The scripted sub-agents and tools of a fixture.

Each writes what happens to it into one operation log (`submit:a`, `await:a`, `cancel:a`,
`call:t`), which the harness compares across participants.
"""

from __future__ import annotations

import asyncio
from typing import Any

from pydantic import PrivateAttr

from ...codec import decode_value
from ...runtime.runner_context import RunnerContext
from ...subagent.subagent_future import SubagentFuture
from ...subagent.subagent_result import SubagentResult
from ...subagent.subagent_setup import SubagentSetup
from ...tools.tool import Tool, ToolType
from ...tools.tool_metadata import ToolMetadata
from .behaviour import Behaviour


EMPTY_PARAMETERS = {"type": "object", "properties": {}}


class World:
    """The operation log, the prompts each sub-agent received, and the decoded models."""

    def __init__(self, models: dict[str, type]) -> None:
        self.models = models
        self.log: list[str] = []
        self.prompts: list[list[Any]] = []

    def value(self, encoded: Any) -> Any:
        # Decoded afresh for every call, so shared nodes and cycles are real objects each time.
        return decode_value(encoded, self.models)


class ScriptedFuture(SubagentFuture):
    def __init__(self, session_id: str, call_id: str, name: str, behaviour: Behaviour, world: World) -> None:
        super().__init__(session_id, call_id)
        self._name = name
        self._behaviour = behaviour
        self._world = world
        self._task = asyncio.ensure_future(self._work())

    async def _work(self) -> SubagentResult:
        # Starts at submit, so that batched delegations overlap.
        await asyncio.sleep(self._behaviour.wait_ms / 1000)
        if self._behaviour.outcome == "fails":
            return SubagentResult.error(self._behaviour.value)
        if self._behaviour.outcome == "returns":
            return SubagentResult.ok(self._world.value(self._behaviour.value))
        return SubagentResult.ok(None)

    def done(self) -> bool:
        return self._task.done()

    def cancel(self) -> None:
        self._world.log.append(f"cancel:{self._name}")
        self._task.cancel()

    async def wait(self) -> SubagentResult:
        self._world.log.append(f"await:{self._name}")
        behaviour = self._behaviour
        if behaviour.outcome == "cancel" and behaviour.cancel_at == "await":
            raise asyncio.CancelledError()
        result = await asyncio.shield(self._task)
        if behaviour.raise_ is not None and behaviour.raise_.at == "await":
            raise behaviour.raise_.error()
        return result


class ScriptedSubagentSetup(SubagentSetup):
    """A sub-agent that does what its fixture says, logging each step."""

    _name: str = PrivateAttr(default="")
    _behaviour: Behaviour | None = PrivateAttr(default=None)
    _world: World | None = PrivateAttr(default=None)
    _calls: int = PrivateAttr(default=0)

    async def submit(
        self, ctx: RunnerContext, prompt: Any, session_id: str | None = None, call_id: str | None = None
    ) -> SubagentFuture:
        world, behaviour = self._world, self._behaviour
        assert world is not None and behaviour is not None
        world.log.append(f"submit:{self._name}")
        world.prompts.append([self._name, prompt])
        self._calls += 1
        if behaviour.outcome == "cancel" and behaviour.cancel_at == "submit":
            raise asyncio.CancelledError()
        if behaviour.raise_ is not None and behaviour.raise_.at == "submit":
            raise behaviour.raise_.error()
        session = session_id or ctx.next_session_id()
        return ScriptedFuture(session, call_id or str(self._calls), self._name, behaviour, world)


class ScriptedTool(Tool):
    """A plain tool that does what its fixture says, logging each call."""

    tool_type: ToolType = "function"

    def __init__(self, name: str, description: str, parameters: Any, behaviour: Behaviour, world: World) -> None:
        self._name = name
        self.metadata = ToolMetadata(name, description, parameters)
        self._behaviour = behaviour
        self._world = world

    @property
    def name(self) -> str:
        return self._name

    async def call(self, args: dict[str, Any]) -> Any:
        self._world.log.append(f"call:{self.name}")
        await asyncio.sleep(self._behaviour.wait_ms / 1000)
        if self._behaviour.outcome == "cancel":
            raise asyncio.CancelledError()
        if self._behaviour.raise_ is not None:
            raise self._behaviour.raise_.error()
        return self._world.value(self._behaviour.value)

    def to_json(self) -> dict[str, Any]:
        return {"name": self._name, "metadata": self.metadata.to_json()}


class BridgeHandle:
    """A handle to a sub-agent owned by the other language: registered as AGENT, but no setup."""
