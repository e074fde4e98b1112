"""Op `dispatch`: one tool request through the tool-call action over scripted resources."""

from __future__ import annotations

import asyncio
from typing import Any

from ..actions.tool_call_action import process_tool_request
from ..plan.default_registry import DEFAULT_REGISTRY
from ..runner.agent_resources import AgentResources
from ..runtime.events import ToolRequestEvent, ToolResponseEvent
from ..runtime.execution_report import ExecutionReport
from ..runtime.memory_store import MemoryStore
from ..runtime.runner_context import ActionContext, SessionIds
from . import Case, Result
from .scripted.world import build_world


def dispatch(case: Case) -> Result:
    """Input `{mode: serial|batched, tool_calls: [...]}`; result `{sent, cancelled?, event?, log,
    prompts, durable_executions, reports}` (docs/internals.md)."""
    world, agent = build_world(case.get("declaration"))
    source = case.get("input") or {}
    mode = source.get("mode", "serial")
    if mode not in ("serial", "batched"):
        raise ValueError(f"input.mode must be serial or batched, not {mode!r}")
    sent: list[Any] = []
    reports: list[ExecutionReport] = []
    ctx = ActionContext(AgentResources.of_agent(agent, DEFAULT_REGISTRY), MemoryStore(), "dispatch/0", SessionIds("dispatch"), sent.append, reports.append)
    request = ToolRequestEvent("scripted", list(source.get("tool_calls", [])), id="request-1")
    cancelled = False
    try:
        asyncio.run(process_tool_request(request, ctx, mode))
    except asyncio.CancelledError:
        cancelled = True
    result: dict[str, Any] = {"sent": bool(sent)}
    if cancelled:
        result["cancelled"] = True
    if sent:
        event = sent[0]
        assert isinstance(event, ToolResponseEvent)
        attributes = event.attributes()
        del attributes["request_id"]
        result["event"] = attributes
    result.update(
        log=world.log,
        prompts=world.prompts,
        durable_executions=ctx.durable_executions,
        reports=[[r.scope, r.name, r.status] for r in reports],
    )
    return result
