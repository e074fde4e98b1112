"""The chat-model setup beyond the fixtures."""

import asyncio

import pytest

from agentparity_ref.chat import (
    CallableSpec,
    ChatMessage,
    ChatModelSetup,
    ScriptedConnection,
    ScriptedTurn,
    SubagentTool,
    to_openai_tool,
)
from agentparity_ref.plan import DEFAULT_REGISTRY, Agent
from agentparity_ref.resources import ResourceType
from agentparity_ref.runner import AgentResources
from agentparity_ref.subagent import SubagentSetup
from agentparity_ref.tools import FunctionTool


def lookup() -> str:
    return "x"


def _world() -> tuple[ScriptedConnection, AgentResources]:
    connection = ScriptedConnection([ScriptedTurn("hi")])
    agent = (
        Agent()
        .add_resource("conn", ResourceType.CHAT_MODEL_CONNECTION, connection)
        .add_resource("lookup", ResourceType.TOOL, FunctionTool.from_callable(lookup, description="Looks up.", args_schema={"type": "object"}))
        .add_resource(
            "reviewer",
            ResourceType.AGENT,
            SubagentSetup(description="Reviews a file.", input_schema='{"type":"object","properties":{"path":{"type":"string"}}}'),
        )
    )
    return connection, AgentResources.of_agent(agent, DEFAULT_REGISTRY)


def test_puts_the_callables_after_the_tools_and_passes_them_as_openai_function_tools() -> None:
    connection, resources = _world()
    setup = ChatModelSetup(connection="conn", model="gpt", tools=["lookup"], subagents=["reviewer"])
    setup.open(resources.get)
    tool, delegation = setup.callables
    assert isinstance(tool, FunctionTool) and isinstance(delegation, SubagentTool)
    assert asyncio.run(setup.chat([ChatMessage("user", "go")])) == ChatMessage("assistant", "hi")
    assert connection.requests[0].model == "gpt"
    assert connection.requests[0].tools[1] == {
        "type": "function",
        "function": {
            "name": "_subagent_reviewer",
            "description": "Reviews a file. This is subagent.",
            "parameters": {"type": "object", "properties": {"path": {"type": "string"}}},
        },
    }


def test_refuses_to_chat_before_open() -> None:
    with pytest.raises(ValueError, match=r"call open\(\) first"):
        asyncio.run(ChatModelSetup(connection="conn", model="gpt").chat([]))


def test_keeps_the_previous_callables_when_a_reopen_fails() -> None:
    _, resources = _world()
    setup = ChatModelSetup(connection="conn", model="gpt", subagents=["reviewer"])
    setup.open(resources.get)

    def gone(name: str, type_: str) -> object:
        raise LookupError("gone")

    with pytest.raises(LookupError):
        setup.open(gone)
    assert len(setup.callables) == 1


def test_the_subagent_callable_is_metadata_only() -> None:
    callable_ = SubagentTool.of("reviewer", "", '{"type": "object"}')
    with pytest.raises(NotImplementedError, match="SubagentTool is metadata-only; resolve the AGENT resource at execution time."):
        callable_.call()
    assert callable_.description == "Delegate a standalone task to sub-agent reviewer This is subagent."


def test_counts_a_description_in_code_points() -> None:
    astral = "😀" * 1024
    to_openai_tool(CallableSpec("x", astral, None))
    with pytest.raises(ValueError, match="is 1025 characters long"):
        to_openai_tool(CallableSpec("x", astral + "!", None))


def test_the_setup_refuses_unknown_fields() -> None:
    with pytest.raises(ValueError):
        ChatModelSetup(connection="conn", model="gpt", subagent=["typo"])  # type: ignore[call-arg]
