"""Op `run_agent`: an agent answering each input through a scripted chat model, in the local runner."""

from __future__ import annotations

import asyncio
from typing import Any

from ..plan.default_registry import DEFAULT_REGISTRY
from ..resources.resource_type import ResourceType
from ..runner.agent_resources import AgentResources
from ..runner.local_runner import LocalRunner
from ..runtime.chat_agent_actions import ASK_CHAT_MODEL, REPLY_WITH_CHAT_RESPONSE
from ..runtime.events import CHAT_RESPONSE_EVENT, INPUT_EVENT, ToolResponseEvent
from ..runtime.memory_store import MemoryStore
from . import Case, Result
from .scripted.world import build_world, error_result, message_summary


def run_agent(case: Case) -> Result:
    """Input `{inputs, mode?}`; the declaration names the agent's chat model under `agent`. Result
    `{runs, log, model_requests, tool_responses}`, `{error}` when setting up fails, or
    `{cancelled, log}` when a cancellation stopped the run."""
    declaration = case.get("declaration") or {}
    world, agent = build_world(declaration)
    spec = declaration.get("agent") or {}
    model = spec.get("chat_model")
    if not isinstance(model, str):
        raise ValueError("declaration.agent.chat_model must name a chat model")
    config = {"chat_model": model}
    if isinstance(spec.get("system_prompt"), str):
        config["system_prompt"] = spec["system_prompt"]
    agent.add_action("ask_chat_model", [INPUT_EVENT], ASK_CHAT_MODEL, config)
    agent.add_action("reply_with_chat_response", [CHAT_RESPONSE_EVENT], REPLY_WITH_CHAT_RESPONSE)
    source = case.get("input") or {}
    runner = LocalRunner(agent, MemoryStore(), tool_call_mode=source.get("mode", "serial"))
    try:
        runs = asyncio.run(runner.run(list(source.get("inputs", []))))
    except asyncio.CancelledError:
        return {"cancelled": True, "log": world.log}
    except (ValueError, TypeError, KeyError) as error:
        return error_result(error)
    connection = AgentResources.of_agent(agent, DEFAULT_REGISTRY).get(f"{model}-connection", ResourceType.CHAT_MODEL_CONNECTION)
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
