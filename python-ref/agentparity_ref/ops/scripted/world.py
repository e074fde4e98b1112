"""The resources a dispatch, chat or agent fixture declares, built with scripted behaviour."""

from __future__ import annotations

import functools
from typing import Any

from ...chat.chat_message import ChatMessage
from ...chat.chat_model_setup import ChatModelSetup
from ...chat.scripted_connection import ScriptedConnection, ScriptedTurn
from ...chat.skill_listing import SkillSummary
from ...chat.tool_call import read_tool_call
from ...errors import builtin_kind, error_code
from ...plan.agent import Agent
from ...resources.resource_type import ResourceType
from ...types import build_models, read_declaration
from .behaviour import Behaviour, read_behaviour
from .scripted_resources import EMPTY_PARAMETERS, BridgeHandle, ScriptedSubagentSetup, ScriptedTool, World


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

    return _setup_class_for(model("input_type"), model("result_type"))


@functools.lru_cache(maxsize=64)
def _setup_class_for(input_type: Any, result_type: Any) -> type[ScriptedSubagentSetup]:
    # A pydantic subclass costs milliseconds to make, and it depends on its two types alone:
    # the cases of a fuzzing run make the same one again and again.
    namespace = {
        "__module__": __name__,
        "input_type": classmethod(lambda cls: input_type),
        "result_type": classmethod(lambda cls: result_type),
    }
    return type("ScriptedSubagentSetup", (ScriptedSubagentSetup,), namespace)


def build_world(declaration: Any, default_turn: bool = False) -> tuple[World, Agent]:
    """The agent of the resources a fixture declares (`types`, `tools`, `subagents`, `agent_resources`, `chat_models`).
    With `default_turn`, a chat model given no turns answers once with empty content."""
    declaration = declaration or {}
    if not isinstance(declaration, dict):
        raise ValueError("declaration must be an object")
    models = build_models(read_declaration(declaration["types"])) if "types" in declaration else {}
    world = World(models)
    agent = Agent()
    for name, entry, where in _named_entries(declaration, "tools"):
        behaviour = read_behaviour(entry.get("behaviour"), f"{where}.behaviour", "tool")
        agent.add_resource(
            name, ResourceType.TOOL, ScriptedTool(name, entry.get("description", ""), entry.get("parameters", EMPTY_PARAMETERS), behaviour, world)
        )
    for name, entry, where in _named_entries(declaration, "subagents"):
        behaviour = read_behaviour(entry.get("behaviour"), f"{where}.behaviour", "subagent")
        fields = {k: entry[k] for k in ("description", "input_schema") if k in entry}
        setup = _setup_class(models, entry, where)(**fields)
        setup._name, setup._behaviour, setup._world = name, behaviour, world
        agent.add_resource(name, ResourceType.AGENT, setup)
    for name, entry, where in _named_entries(declaration, "agent_resources"):
        kind = entry.get("kind")
        if kind == "tool":
            stand_in = ScriptedTool(name, "", EMPTY_PARAMETERS, Behaviour("returns"), world)
            agent.add_resource(name, ResourceType.AGENT, stand_in)
        elif kind == "handle":
            agent.add_resource(name, ResourceType.AGENT, BridgeHandle())
        else:
            raise ValueError(f"{where}.kind must be tool or handle")
    for name, entry, where in _named_entries(declaration, "chat_models"):
        turns = [ScriptedTurn(t.get("content", ""), list(t.get("tool_calls", []))) for t in entry.get("turns", [])]
        if default_turn and not turns:
            turns = [ScriptedTurn()]
        agent.add_resource(f"{name}-connection", ResourceType.CHAT_MODEL_CONNECTION, ScriptedConnection(turns))
        skills = [SkillSummary(s["name"], s["description"]) for s in entry.get("skills", [])]
        agent.add_resource(
            name,
            ResourceType.CHAT_MODEL,
            ChatModelSetup(
                connection=f"{name}-connection",
                model=entry.get("model", name),
                tools=list(entry.get("tools", [])),
                subagents=list(entry.get("subagents", [])),
                skills=skills,
            ),
        )
    return world, agent


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
    shape: dict[str, Any] = {"kind": builtin_kind(error)}
    code = error_code(error)
    if code is not None:
        shape["code"] = code
    shape["message"] = message
    return {"error": shape}
