"""The scripted connection, and the OpenAI-compatible one against a local stub server."""

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest

from agentparity_ref.chat import (
    ChatEndpointError,
    ChatMessage,
    OpenAiConnection,
    ScriptedConnection,
    ScriptedTurn,
    ToolCallView,
    read_tool_call,
    tool_call,
)
from helpers.openai_stub import OpenAiStub, openai_stub


@pytest.fixture()
def stub() -> Iterator[tuple[OpenAiStub, str]]:
    with openai_stub() as served:
        yield served


def _answer(message: dict[str, Any]) -> str:
    return json.dumps({"id": "x", "choices": [{"index": 0, "message": message, "finish_reason": "stop"}]})


def test_sends_the_conversation_and_the_callables_in_the_chat_completions_shape(stub: tuple[OpenAiStub, str]) -> None:
    state, base_url = stub
    state.otherwise = {"text": _answer({"role": "assistant", "content": "fine"})}
    tool = {"type": "function", "function": {"name": "lookup", "description": "d", "parameters": {}}}
    messages = [
        ChatMessage("user", "héllo"),
        ChatMessage("assistant", "", [tool_call("c1", "_subagent_reviewer", {"prompt": "go"})]),
        ChatMessage("tool", "done", [], {"tool_call_id": "c1"}),
    ]
    result = asyncio.run(OpenAiConnection(base_url + "/", api_key="sk-test").chat("gpt-test", messages, [tool]))
    assert result == ChatMessage("assistant", "fine", [], {"finish_reason": "stop"})
    request = state.seen[-1]
    assert request["url"] == "/v1/chat/completions"
    assert request["auth"] == "Bearer sk-test"
    assert request["body"] == {
        "model": "gpt-test",
        "messages": [
            {"role": "user", "content": "héllo"},
            {
                "role": "assistant",
                "content": "",
                "tool_calls": [
                    {"id": "c1", "type": "function", "function": {"name": "_subagent_reviewer", "arguments": '{"prompt": "go"}'}}
                ],
            },
            {"role": "tool", "content": "done", "tool_call_id": "c1"},
        ],
        "tools": [tool],
    }


def test_reads_tool_calls_back_with_their_arguments_parsed(stub: tuple[OpenAiStub, str]) -> None:
    state, base_url = stub
    state.otherwise = {"text": _answer(
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "a", "type": "function", "function": {"name": "lookup", "arguments": '{"id": 1.0}'}},
                {"id": "b", "type": "function", "function": {"name": "lookup", "arguments": "not json"}},
            ],
        }
    )}
    result = asyncio.run(OpenAiConnection(base_url).chat("m", [ChatMessage("user", "x")], []))
    assert result.content == ""
    assert "tools" not in state.seen[-1]["body"] and state.seen[-1]["auth"] is None
    first, second = (read_tool_call(c) for c in result.tool_calls)
    assert first == ToolCallView("a", "lookup", {"id": 1.0}, None)
    assert second.arguments == "not json"


def test_reports_an_error_status_with_the_body(stub: tuple[OpenAiStub, str]) -> None:
    state, base_url = stub
    state.otherwise = {"status": 429, "text": '{"error": "slow down"}'}
    with pytest.raises(ChatEndpointError, match="slow down") as raised:
        asyncio.run(OpenAiConnection(base_url, retries=0).chat("m", [], []))
    assert raised.value.status == 429


def test_reports_a_body_that_is_not_json_or_has_no_choices(stub: tuple[OpenAiStub, str]) -> None:
    state, base_url = stub
    state.otherwise = {"text": "<html>"}
    with pytest.raises(ChatEndpointError, match="not JSON"):
        asyncio.run(OpenAiConnection(base_url).chat("m", [], []))
    state.otherwise = {"text": '{"choices": []}'}
    with pytest.raises(ChatEndpointError, match="without choices"):
        asyncio.run(OpenAiConnection(base_url).chat("m", [], []))


def test_the_scripted_connection_replays_turns_in_order() -> None:
    connection = ScriptedConnection(
        [ScriptedTurn(tool_calls=[{"id": "c1", "name": "_subagent_a", "arguments": {"prompt": "x"}}]), ScriptedTurn("all done")]
    )
    first = asyncio.run(connection.chat("m", [ChatMessage("user", "hi")], ["tool-spec"]))
    assert [read_tool_call(c) for c in first.tool_calls] == [ToolCallView("c1", "_subagent_a", {"prompt": "x"}, None)]
    assert asyncio.run(connection.chat("m", [], [])) == ChatMessage("assistant", "all done")
    assert [len(r.messages) for r in connection.requests] == [1, 0]
    assert connection.requests[0].tools == ["tool-spec"]
    with pytest.raises(ValueError, match=r"The scripted model has no turn 3 \(2 scripted\)"):
        asyncio.run(connection.chat("m", [], []))
