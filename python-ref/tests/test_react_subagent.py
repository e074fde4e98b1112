"""ReActAgent as a sub-agent (reference §5.1, design D3). Mirrors
test/src/runner/internal/reactSubagent.test.ts."""

import asyncio

from agentparity_ref.chat import ChatModelSetup, ScriptedConnection, ScriptedTurn
from agentparity_ref.plan import Agent, AgentConfiguration, ReActAgent, build_plan
from agentparity_ref.resources import Prompt, ResourceType
from agentparity_ref.runner import LocalRunner
from agentparity_ref.runtime import INPUT_EVENT, MemoryStore, OutputEvent
from agentparity_ref.tools import FunctionTool

DESCRIPTION = "A general-purpose agent that completes a delegated task using its tools."
SCHEMA = '{"type":"object","properties":{"input":{"type":"string"}},"required":["input"]}'


def _react(turns, tools=None, **extra):  # noqa: ANN001, ANN003, ANN202
    connection = ScriptedConnection(turns)
    tools = tools or {}
    agent = ReActAgent(chat_model=ChatModelSetup(connection="conn", model="m", tools=list(tools)), **extra)
    agent.add_resource("conn", ResourceType.CHAT_MODEL_CONNECTION, connection)
    for name, tool in tools.items():
        agent.add_resource(name, ResourceType.TOOL, tool)
    return agent, connection


def _caller(child: Agent) -> Agent:
    async def call(event, ctx) -> None:  # noqa: ANN001
        result = await ctx.get_resource("child", ResourceType.AGENT).submit(ctx, event.input)
        ctx.send_event(OutputEvent(result.result if result.success else f"failed:{result.error_message}"))

    return Agent("Parent").add_resource("child", ResourceType.AGENT, child).add_action("call", [INPUT_EVENT], call)


def _run(source, value):  # noqa: ANN001, ANN202
    return asyncio.run(LocalRunner(source, MemoryStore()).run([value], ["k"]))[0]


def _user_texts(connection: ScriptedConnection) -> list[str]:
    return [m.content for m in connection.requests[0].messages if m.role == "user"]


def _provider(plan, name):  # noqa: ANN001, ANN202
    return plan.resource_providers[ResourceType.AGENT][name].resource


def shout(text: str) -> str:
    """Shouts a text."""
    return f"{text.upper()}!"


def test_default_description_and_schema_are_exact_and_each_is_overridden_on_its_own() -> None:
    def metadata(child: Agent) -> list:
        setup = _provider(build_plan(_caller(child)), "child")
        return [setup.description, setup.input_schema]

    assert metadata(_react([])[0]) == [DESCRIPTION, SCHEMA]
    assert metadata(_react([], subagent_description="Reviews pull requests")[0]) == ["Reviews pull requests", SCHEMA]
    assert metadata(_react([], subagent_input_schema='{"type":"object"}')[0]) == [DESCRIPTION, '{"type":"object"}']


def test_an_action_call_with_input_runs_the_react_loop_inside_the_child_scope() -> None:
    agent, connection = _react([ScriptedTurn(content="reviewed: ok")])
    run = _run(_caller(agent), {"input": "review the diff"})
    assert run.outputs == [["reviewed: ok"]]
    assert _user_texts(connection) == ["review the diff"]
    assert [e.type for e in run.trace] == ["_input_event", "_output_event"]
    assert [e.delegate.type for e in run.calls[0].trace] == ["_input_event", "_chat_request_event", "_chat_response_event"]


def test_a_primitive_is_the_user_text_and_other_structured_input_is_refused_without_a_prompt() -> None:
    primitive, connection = _react([ScriptedTurn(content="fine")])
    assert _run(_caller(primitive), 42).outputs == [["fine"]]
    assert _user_texts(connection) == ["42"]
    refused, never = _react([ScriptedTurn(content="never asked")])
    run = _run(_caller(refused), {"input": "a", "extra": 1})
    assert run.outputs == [
        "failed:RuntimeError: Input type is <class 'dict'>, which is not primitive types. User should provide prompt to help convert it to ChatMessage."
    ]
    assert never.requests == []


def test_a_prompt_is_filled_from_the_input_fields() -> None:
    agent, connection = _react([ScriptedTurn(content="ok")], prompt=Prompt.from_text("Review {diff} for {who}"))
    _run(_caller(agent), {"diff": "+a", "who": "me"})
    assert _user_texts(connection) == ["Review +a for me"]


def test_the_child_tool_loop_runs_with_its_own_tools_inside_its_scope() -> None:
    agent, connection = _react(
        [ScriptedTurn(tool_calls=[{"id": "t1", "name": "shout", "arguments": {"text": "hello world"}}]), ScriptedTurn(content="tool says: HELLO WORLD!")],
        {"shout": FunctionTool.from_callable(shout)},
    )
    run = _run(_caller(agent), {"input": "shout it"})
    assert run.outputs == [["tool says: HELLO WORLD!"]]
    assert [m.content for m in connection.requests[1].messages if m.role == "tool"] == ["HELLO WORLD!"]
    assert [e.type for e in run.trace] == ["_input_event", "_output_event"]


def test_a_parent_model_delegates_and_gets_the_child_answer_back() -> None:
    child, child_connection = _react([ScriptedTurn(content="reviewed: ok")])
    parent_model = ScriptedConnection(
        [ScriptedTurn(tool_calls=[{"id": "c1", "name": "_subagent_child", "arguments": {"input": "review the diff"}}]), ScriptedTurn(content="delegated and reviewed")]
    )
    parent = ReActAgent(chat_model=ChatModelSetup(connection="conn", model="p", subagents=["child"]))
    parent.add_resource("conn", ResourceType.CHAT_MODEL_CONNECTION, parent_model).add_resource("child", ResourceType.AGENT, child)
    run = asyncio.run(LocalRunner(build_plan(parent), MemoryStore()).run(["go"]))[0]
    assert run.outputs == ["delegated and reviewed"]
    assert _user_texts(child_connection) == ["review the diff"]
    assert [m.content for m in parent_model.requests[1].messages if m.role == "tool"] == ['["reviewed: ok"]']


def test_general_purpose_is_registered_on_the_agents_chat_model_only_when_opted_in() -> None:
    model = ScriptedConnection(
        [
            ScriptedTurn(tool_calls=[{"id": "g1", "name": "_subagent_general-purpose", "arguments": {"input": "summarize"}}]),
            ScriptedTurn(content="summary"),
            ScriptedTurn(content="done"),
        ]
    )
    agent = ReActAgent(chat_model="assistant")
    agent.add_resource("conn", ResourceType.CHAT_MODEL_CONNECTION, model)
    agent.add_resource("assistant", ResourceType.CHAT_MODEL, ChatModelSetup(connection="conn", model="a", subagents=["general-purpose"]))
    on = build_plan(agent, config=AgentConfiguration({"subagent.general-purpose": True}))
    off = build_plan(Agent("Plain").add_resource("assistant", ResourceType.CHAT_MODEL, ChatModelSetup(connection="conn", model="a")))
    registered = _provider(on, "general-purpose")
    assert [registered.description, registered.input_schema, registered.child_plan.agent_name] == [DESCRIPTION, SCHEMA, "ReActAgent"]
    assert "general-purpose" not in registered.child_plan.resource_providers.get(ResourceType.AGENT, {})
    assert "general-purpose" not in off.resource_providers.get(ResourceType.AGENT, {})
    run = asyncio.run(LocalRunner(on, MemoryStore()).run(["go"]))[0]
    assert run.outputs == ["done"]
    assert [(c.scope, c.outputs) for c in run.calls] == [("general-purpose", ["summary"])]
    assert [(m.role, m.content) for m in model.requests[1].messages] == [("user", "summarize")]
