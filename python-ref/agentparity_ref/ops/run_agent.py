"""Op `run_agent`: an agent answering each input through a scripted chat model, in the local runner."""

from __future__ import annotations

import asyncio
from typing import Any

from ..runtime.agent import Agent
from ..runtime.chat_agent_actions import ask_chat_model, reply_with_chat_response
from ..runtime.events import ToolResponseEvent
from ..runtime.local_runner import LocalRunner
from ..runtime.memory_store import MemoryStore
from . import Case, Result
from .scripted.world import build_world, error_result, message_summary


def run_agent(case: Case) -> Result:
    """Input `{inputs, mode?}`; the declaration names the agent's chat model under `agent`. Result
    `{runs, log, model_requests, tool_responses}`, `{error}` when setting up fails, or
    `{cancelled, log}` when a cancellation stopped the run."""
    declaration = case.get("declaration") or {}
    world, resources = build_world(declaration)
    spec = declaration.get("agent") or {}
    model = spec.get("chat_model")
    if not isinstance(model, str):
        raise ValueError("declaration.agent.chat_model must name a chat model")
    agent = Agent(resources)
    agent.add_action(ask_chat_model(model, spec.get("system_prompt")))
    agent.add_action(reply_with_chat_response())
    source = case.get("input") or {}
    runner = LocalRunner(agent, MemoryStore(), tool_call_mode=source.get("mode", "serial"))
    try:
        runs = asyncio.run(runner.run(list(source.get("inputs", []))))
    except asyncio.CancelledError:
        return {"cancelled": True, "log": world.log}
    except (ValueError, TypeError, KeyError) as error:
        return error_result(error)
    connection = resources.get(f"{model}-connection", "chat_model_connection")
    out_runs = []
    tool_responses = []
    for run in runs:
        entry: dict[str, Any] = {"outputs": run.outputs, "events": [e.type for e in run.trace]}
        if run.error is not None:
            entry["error"] = error_result(run.error)["error"]
        out_runs.append(entry)
        for event in run.trace:
            if isinstance(event, ToolResponseEvent):
                attributes = event.attributes()
                del attributes["request_id"]
                tool_responses.append(attributes)
    return {
        "runs": out_runs,
        "log": world.log,
        "model_requests": [
            {"messages": [message_summary(m) for m in r.messages], "tools": [t["function"]["name"] for t in r.tools]}
            for r in connection.requests
        ],
        "tool_responses": tool_responses,
    }
