"""The resources a dispatch, chat or agent fixture declares, built with scripted behaviour.

Every scripted sub-agent and tool writes what happens to it into one operation log (`submit:a`,
`await:a`, `cancel:a`, `call:t`), which the harness compares across participants.
"""

from __future__ import annotations

import asyncio
from typing import Any

from pydantic import PrivateAttr

from ..chat.chat_message import ChatMessage
from ..chat.chat_model_setup import ChatModelSetup
from ..chat.scripted_connection import ScriptedConnection, ScriptedTurn
from ..chat.skill_listing import SkillSummary
from ..chat.tool_call import read_tool_call
from ..codec import decode_value
from ..runtime.resources import Resources
from ..runtime.runner_context import RunnerContext
from ..subagent import SubagentFuture, SubagentResult, SubagentSetup
from ..types import build_models, read_declaration
from ._scripted_behaviour import Behaviour, read_behaviour

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


class ScriptedTool:
    """A plain tool that does what its fixture says, logging each call."""

    tool_type = "function"

    def __init__(self, name: str, description: str, parameters: Any, behaviour: Behaviour, world: World) -> None:
        self.name = name
        self.description = description
        self.parameters = parameters
        self._behaviour = behaviour
        self._world = world

    async def call(self, args: dict[str, Any]) -> Any:
        self._world.log.append(f"call:{self.name}")
        await asyncio.sleep(self._behaviour.wait_ms / 1000)
        if self._behaviour.outcome == "cancel":
            raise asyncio.CancelledError()
        if self._behaviour.raise_ is not None:
            raise self._behaviour.raise_.error()
        return self._world.value(self._behaviour.value)


class BridgeHandle:
    """A handle to a sub-agent owned by the other language: registered as AGENT, but no setup."""


def _named_entries(declaration: dict[str, Any], key: str) -> list[tuple[str, dict[str, Any], str]]:
    entries = declaration.get(key, [])
    if not isinstance(entries, list):
        raise ValueError(f"declaration.{key} must be a list")
    out = []
    for index, entry in enumerate(entries):
        where = f"declaration.{key}[{index}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise ValueError(f"{where} needs a name")
        out.append((entry["name"], entry, where))
    return out


def _setup_class(models: dict[str, type], entry: dict[str, Any], where: str) -> type[ScriptedSubagentSetup]:
    def model(key: str) -> Any:
        name = entry.get(key)
        if name is None:
            return object
        if name not in models:
            raise ValueError(f"{where}.{key}: no model named {name} is declared")
        return models[name]

    input_type, result_type = model("input_type"), model("result_type")
    namespace = {
        "__module__": __name__,
        "input_type": classmethod(lambda cls: input_type),
        "result_type": classmethod(lambda cls: result_type),
    }
    return type("ScriptedSubagentSetup", (ScriptedSubagentSetup,), namespace)


def build_world(declaration: Any, default_turn: bool = False) -> tuple[World, Resources]:
    """Reads a fixture declaration (`types`, `tools`, `subagents`, `agent_resources`, `chat_models`).
    With `default_turn`, a chat model given no turns answers once with empty content."""
    declaration = declaration or {}
    if not isinstance(declaration, dict):
        raise ValueError("declaration must be an object")
    models = build_models(read_declaration(declaration["types"])) if "types" in declaration else {}
    world = World(models)
    resources = Resources()
    for name, entry, where in _named_entries(declaration, "tools"):
        behaviour = read_behaviour(entry.get("behaviour"), f"{where}.behaviour", "tool")
        resources.add(
            name, "tool", ScriptedTool(name, entry.get("description", ""), entry.get("parameters", EMPTY_PARAMETERS), behaviour, world)
        )
    for name, entry, where in _named_entries(declaration, "subagents"):
        behaviour = read_behaviour(entry.get("behaviour"), f"{where}.behaviour", "subagent")
        fields = {k: entry[k] for k in ("description", "input_schema") if k in entry}
        setup = _setup_class(models, entry, where)(**fields)
        setup._name, setup._behaviour, setup._world = name, behaviour, world
        resources.add(name, "agent", setup)
    for name, entry, where in _named_entries(declaration, "agent_resources"):
        kind = entry.get("kind")
        if kind == "tool":
            stand_in = ScriptedTool(name, "", EMPTY_PARAMETERS, Behaviour("returns"), world)
            resources.add(name, "agent", stand_in)
        elif kind == "handle":
            resources.add(name, "agent", BridgeHandle())
        else:
            raise ValueError(f"{where}.kind must be tool or handle")
    for name, entry, where in _named_entries(declaration, "chat_models"):
        turns = [ScriptedTurn(t.get("content", ""), list(t.get("tool_calls", []))) for t in entry.get("turns", [])]
        if default_turn and not turns:
            turns = [ScriptedTurn()]
        resources.add(f"{name}-connection", "chat_model_connection", ScriptedConnection(turns))
        skills = [SkillSummary(s["name"], s["description"]) for s in entry.get("skills", [])]
        resources.add(
            name,
            "chat_model",
            ChatModelSetup(
                connection=f"{name}-connection",
                model=entry.get("model", name),
                tools=list(entry.get("tools", [])),
                subagents=list(entry.get("subagents", [])),
                skills=skills,
            ),
        )
    return world, resources


def message_summary(message: ChatMessage) -> dict[str, Any]:
    """A message as the ops report it: role and content, plus its tool calls or the call it answers."""
    summary: dict[str, Any] = {"role": message.role, "content": message.content}
    if message.tool_calls:
        calls = [read_tool_call(c) for c in message.tool_calls]
        summary["tool_calls"] = [{"id": c.id, "name": c.name, "arguments": c.arguments} for c in calls]
    if message.role == "tool":
        summary["tool_call_id"] = message.extra_args.get("tool_call_id")
    return summary


def error_result(error: BaseException) -> dict[str, Any]:
    """A failure the op is about, as `{error: {kind, message}}`; a KeyError's message unquoted."""
    message = error.args[0] if isinstance(error, KeyError) and error.args else str(error)
    return {"error": {"kind": type(error).__name__, "message": message}}
