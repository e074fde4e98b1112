"""Chat-model setups, connections and the HTTP sub-agent in plans. Mirrors test/src/plan/chatClasses.test.ts."""

import asyncio
import json
from typing import Any

import pytest

from agentparity_ref.chat import (
    ChatMessage,
    ChatModelSetup,
    OpenAiConnection,
    ScriptedConnection,
    ScriptedTurn,
    SkillSummary,
    read_tool_call,
)
from agentparity_ref.plan import DEFAULT_REGISTRY, Agent, SerializableProvider, build_plan, read_plan, write_plan
from agentparity_ref.resources import ResourceDescriptor, ResourceType
from agentparity_ref.setups import HttpSubagentSetup


def _round_trip(resource_type: ResourceType, resource: Any) -> tuple[str, SerializableProvider, Any]:
    text = write_plan(build_plan(Agent("A").add_resource("r", resource_type, resource)))
    provider = read_plan(text, DEFAULT_REGISTRY).provider(resource_type, "r")
    assert isinstance(provider, SerializableProvider)
    return text, provider, provider.resource


def _serialized(text: str, resource_type: ResourceType) -> str:
    return json.dumps(json.loads(text)["resource_providers"][resource_type.value]["r"]["serialized"])


def test_writes_a_chat_model_setup_as_it_was_declared_and_restores_it() -> None:
    setup = ChatModelSetup(connection="c", model="m", tools=["t"], subagents=["s"], skills=[SkillSummary("pdf", "Reads PDFs.")])
    text, provider, restored = _round_trip(ResourceType.CHAT_MODEL, setup)
    assert (provider.kind, provider.module, provider.clazz) == ("PythonSerializableResourceProvider", "agentparity_ref.chat", "ChatModelSetup")
    expected = '{"connection": "c", "model": "m", "tools": ["t"], "subagents": ["s"], "skills": [{"name": "pdf", "description": "Reads PDFs."}]}'
    assert _serialized(text, ResourceType.CHAT_MODEL) == expected
    assert isinstance(restored, ChatModelSetup) and restored.model_dump() == setup.model_dump()


def test_writes_a_scripted_connection_as_its_script_and_the_restored_one_replays_it() -> None:
    script = ScriptedConnection([ScriptedTurn("", [{"id": "c1", "name": "lookup", "arguments": {"id": 7}}]), ScriptedTurn("done")])
    text, _, restored = _round_trip(ResourceType.CHAT_MODEL_CONNECTION, script)
    assert _serialized(text, ResourceType.CHAT_MODEL_CONNECTION) == (
        '{"turns": [{"content": "", "tool_calls": [{"id": "c1", "name": "lookup", "arguments": {"id": 7}}]}, {"content": "done", "tool_calls": []}]}'
    )
    first = asyncio.run(restored.chat("m", [ChatMessage("user", "hi")], []))
    assert [read_tool_call(c).name for c in first.tool_calls] == ["lookup"]
    assert asyncio.run(restored.chat("m", [], [])).content == "done"


def test_writes_the_timeout_of_an_http_subagent_in_seconds_as_a_float() -> None:
    setup = HttpSubagentSetup(endpoint="http://agent:8080", description="Remote.", input_schema='{"type": "object"}', timeout_s=30)
    text, provider, restored = _round_trip(ResourceType.AGENT, setup)
    assert (provider.module, provider.clazz) == ("agentparity_ref.subagent", "HttpSubagentSetup")
    expected = '{"description": "Remote.", "input_schema": "{\\"type\\": \\"object\\"}", "endpoint": "http://agent:8080", "timeout_s": 30.0}'
    assert _serialized(text, ResourceType.AGENT) == expected
    assert isinstance(restored, HttpSubagentSetup) and (restored.endpoint, restored.timeout_s) == ("http://agent:8080", 30.0)


def test_names_an_openai_connection_by_descriptor_only_so_that_no_key_lands_in_a_plan() -> None:
    live = OpenAiConnection("http://127.0.0.1:9/v1", "sk-secret")
    message = "chat_model_connection resource 'c' must be an instance of a registered class or a ResourceDescriptor, but got OpenAiConnection."
    with pytest.raises(TypeError, match=f"^{message}$"):
        build_plan(Agent().add_resource("c", ResourceType.CHAT_MODEL_CONNECTION, live))
    descriptor = ResourceDescriptor("agentparity_ref.chat", "OpenAiConnection", {"base_url": "http://x/v1"})
    plan = build_plan(Agent().add_resource("c", ResourceType.CHAT_MODEL_CONNECTION, descriptor))
    assert plan.provider(ResourceType.CHAT_MODEL_CONNECTION, "c").kind == "PythonResourceProvider"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"base_url": "http://x", "model": "gpt"}, "unknown argument 'model'"),
        ({}, "'base_url' must be a non-empty string"),
        ({"base_url": "http://x", "api_key": 7}, "'api_key' must be a string"),
        ({"base_url": "http://x", "timeout": 0}, "'timeout' must be a positive number of seconds"),
        ({"base_url": "http://x", "timeout": True}, "'timeout' must be a positive number of seconds"),
    ],
)
def test_refuses_descriptor_arguments_an_openai_connection_cannot_take(arguments: dict, message: str) -> None:
    with pytest.raises(ValueError, match=f"^Chat model connection 'remote': {message}$"):
        OpenAiConnection.from_arguments(arguments, "remote")
    assert isinstance(OpenAiConnection.from_arguments({"base_url": "http://x", "timeout": 2.0}, "remote"), OpenAiConnection)
