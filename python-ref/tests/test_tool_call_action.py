"""The tool-call action beyond the fixtures: reports, a setup without submit, durable tool replay."""

import asyncio
import re
from datetime import datetime

from agentparity_ref.actions import process_tool_request
from agentparity_ref.ops.scripted.world import build_world
from agentparity_ref.plan import DEFAULT_REGISTRY, Agent
from agentparity_ref.resources import ResourceType
from agentparity_ref.runtime import (
    ActionContext,
    ExecutionReport,
    MemoryStore,
    SessionIds,
    ToolRequestEvent,
    ToolResponseEvent,
)
from agentparity_ref.runner import AgentResources
from agentparity_ref.subagent import SubagentSetup


def _context(agent: Agent, store: MemoryStore | None = None) -> tuple[ActionContext, list, list[ExecutionReport]]:
    sent: list = []
    reports: list[ExecutionReport] = []
    ctx = ActionContext(AgentResources.of_agent(agent, DEFAULT_REGISTRY), store or MemoryStore(), "run/0", SessionIds("run"), sent.append, reports.append)
    return ctx, sent, reports


def _call(call_id: str, name: str, arguments: object = None) -> dict:
    return {"id": call_id, "name": name, "arguments": {} if arguments is None else arguments}


def test_reports_a_resolved_delegation_under_the_subagent_scope() -> None:
    _, agent = build_world(
        {"subagents": [{"name": "reviewer", "input_schema": '{"type":"object"}', "behaviour": {"returns": "done", "wait_ms": 5}}]}
    )
    ctx, _, reports = _context(agent)
    asyncio.run(process_tool_request(ToolRequestEvent("m", [_call("c1", "_subagent_reviewer")]), ctx, "serial"))
    assert [(r.scope, r.name, r.status) for r in reports] == [
        ("SUBAGENT", "reviewer", "created"),
        ("SUBAGENT", "reviewer", "started"),
        ("SUBAGENT", "reviewer", "succeeded"),
    ]
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", r.at) for r in reports)
    started, succeeded = (datetime.fromisoformat(r.at.replace("Z", "+00:00")) for r in reports[1:])
    assert succeeded >= started


def test_keeps_an_unresolved_prefixed_name_in_the_tool_scope() -> None:
    ctx, _, reports = _context(Agent())
    asyncio.run(process_tool_request(ToolRequestEvent("m", [_call("c1", "_subagent_ghost")]), ctx, "serial"))
    assert [(r.scope, r.name, r.status, r.category) for r in reports] == [("TOOL", "_subagent_ghost", "failed", "TOOL_CALL_FAILED")]


def test_fails_a_delegation_to_a_setup_that_cannot_submit() -> None:
    agent = Agent().add_resource("plain", ResourceType.AGENT, SubagentSetup(input_schema='{"type":"object"}'))
    ctx, sent, _ = _context(agent)
    asyncio.run(process_tool_request(ToolRequestEvent("m", [_call("c1", "_subagent_plain")], id="req"), ctx, "serial"))
    event = sent[0]
    assert isinstance(event, ToolResponseEvent) and event.request_id == "req"
    assert event.error["c1"] == "'SubagentSetup' object has no attribute 'submit'"


def test_records_each_tool_call_durably_and_replays_it() -> None:
    store = MemoryStore()
    declaration = {"tools": [{"name": "lookup", "behaviour": {"returns": {"id": 7}}}]}
    first_world, first = build_world(declaration)
    asyncio.run(process_tool_request(ToolRequestEvent("m", [_call("c1", "lookup")]), _context(first, store)[0], "serial"))
    again_world, again = build_world(declaration)
    ctx, sent, _ = _context(again, store)
    asyncio.run(process_tool_request(ToolRequestEvent("m", [_call("c1", "lookup")]), ctx, "serial"))
    assert (first_world.log, again_world.log) == (["call:lookup"], [])
    assert sent[0].responses["c1"] == '{"id": 7}'
    assert store.keys() == ["run/0/0"]


def test_hands_the_arguments_over_as_a_copy() -> None:
    world, agent = build_world({"subagents": [{"name": "a", "input_schema": '{"type":"object"}', "behaviour": {"returns": "ok"}}]})
    arguments = {"prompt": "x"}
    ctx, _, _ = _context(agent)
    asyncio.run(process_tool_request(ToolRequestEvent("m", [_call("c1", "_subagent_a", arguments)]), ctx, "serial"))
    received = world.prompts[0][1]
    assert received == arguments and received is not arguments
