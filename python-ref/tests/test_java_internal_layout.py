"""Java's InternalSubagentProvider layout (reference §1.2, §2.3). Mirrors test/src/plan/javaInternalLayout.test.ts
(plan diff is the TypeScript command's, so its case stays there)."""

import asyncio
import copy
import json

from agentparity_ref.chat import ChatModelSetup, ScriptedConnection, ScriptedTurn
from agentparity_ref.plan import DEFAULT_REGISTRY, ReActAgent, build_plan, plan_to_json, read_plan
from agentparity_ref.resources import ResourceType
from agentparity_ref.runner import LocalRunner
from agentparity_ref.runtime import MemoryStore

DESCRIPTION = "A general-purpose agent that completes a delegated task using its tools."


def _react(turns, subagents=(), name=None):  # noqa: ANN001, ANN202
    agent = ReActAgent(chat_model=ChatModelSetup(connection="conn", model="m", subagents=list(subagents)), name=name)
    agent.add_resource("conn", ResourceType.CHAT_MODEL_CONNECTION, ScriptedConnection(turns))
    return agent


def _tree() -> dict:
    """parent -> child -> grandchild, each a ReAct agent whose scripted model delegates to the next."""
    grandchild = _react([ScriptedTurn(content="deep answer")], name="grandchild")
    child = _react(
        [ScriptedTurn(tool_calls=[{"id": "g", "name": "_subagent_deep", "arguments": {"input": "go deeper"}}]), ScriptedTurn(content="child answer")], ["deep"], "child"
    )
    child.add_resource("deep", ResourceType.AGENT, grandchild)
    parent = _react(
        [ScriptedTurn(tool_calls=[{"id": "c", "name": "_subagent_kid", "arguments": {"input": "review"}}]), ScriptedTurn(content="parent answer")], ["kid"], "parent"
    )
    parent.add_resource("kid", ResourceType.AGENT, child)
    return json.loads(json.dumps(plan_to_json(build_plan(parent))))


def _to_java_layout(plan: dict) -> dict:
    """The same plan with every internal provider, at any depth, in Java's layout."""
    agents = plan.get("resource_providers", {}).get("agent", {})
    for name, provider in list(agents.items()):
        serialized = provider["serialized"]
        agents[name] = {
            "name": name,
            "type": "agent",
            "scope": serialized["scope"],
            "childPlan": _to_java_layout(serialized["child_plan"]),
            "description": serialized["description"],
            "inputSchema": serialized["input_schema"],
            "__resource_provider_type__": "InternalSubagentProvider",
        }
    return plan


def _setup(plan, name):  # noqa: ANN001, ANN202
    return plan.resource_providers[ResourceType.AGENT][name].resource


def test_child_plan_and_metadata_are_read_into_the_same_in_memory_plan_as_the_python_layout() -> None:
    python = read_plan(_tree(), DEFAULT_REGISTRY)
    java = read_plan(_to_java_layout(_tree()), DEFAULT_REGISTRY)
    kid = _setup(java, "kid")
    deep = _setup(kid.child_plan, "deep")
    assert [kid.scope, kid.description, kid.child_plan.agent_name, deep.scope, deep.child_plan.agent_name] == ["kid", DESCRIPTION, "child", "deep", "grandchild"]
    assert list(kid.child_plan.actions) == list(_setup(python, "kid").child_plan.actions)
    assert kid.input_schema == _setup(python, "kid").input_schema


def test_a_java_layout_plan_runs_through_every_level() -> None:
    plan = read_plan(_to_java_layout(_tree()), DEFAULT_REGISTRY)
    [run] = asyncio.run(LocalRunner(plan, MemoryStore()).run(["start"]))
    assert run.error is None
    assert run.outputs == ["parent answer"]
    assert [(c.scope, c.outputs) for c in run.calls] == [("deep", ["deep answer"]), ("kid", ["child answer"])]


def test_a_java_layout_provider_is_written_back_as_it_was_read() -> None:
    java = _to_java_layout(_tree())
    written = plan_to_json(read_plan(copy.deepcopy(java), DEFAULT_REGISTRY))
    assert json.dumps(written) == json.dumps(java)
    assert list(written["resource_providers"]["agent"]["kid"]) == ["name", "type", "scope", "childPlan", "description", "inputSchema", "__resource_provider_type__"]
