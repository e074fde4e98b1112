"""The one function tool: described in a plan by name, called at run time. Mirrors
test/src/tools/functionTool.test.ts."""

import asyncio

import pytest

from agentparity_ref.actions import process_tool_request
from agentparity_ref.functions import PythonFunction, TypeScriptFunction
from agentparity_ref.plan import DEFAULT_REGISTRY, Agent, build_plan, read_plan, write_plan
from agentparity_ref.resources import ResourceType
from agentparity_ref.runner import AgentResources
from agentparity_ref.runtime import ActionContext, MemoryStore, SessionIds, ToolRequestEvent, ToolResponseEvent
from agentparity_ref.tools import FunctionTool, is_callable_tool


async def add(a: int, b: int) -> int:
    """Adds."""
    return a + b


def _dispatch_to(tool: FunctionTool) -> ToolResponseEvent:
    sent: list = []
    resources = AgentResources.of_agent(Agent().add_resource("add", ResourceType.TOOL, tool), DEFAULT_REGISTRY)
    ctx = ActionContext(resources, MemoryStore(), "run/0", SessionIds("run"), sent.append)
    asyncio.run(process_tool_request(ToolRequestEvent("m", [{"id": "c1", "name": "add", "arguments": {"a": 2, "b": 3}}]), ctx, "serial"))
    event = sent[0]
    assert isinstance(event, ToolResponseEvent)
    return event


def test_is_described_by_its_signature_and_called_with_the_model_arguments_as_keywords() -> None:
    tool = FunctionTool.from_callable(add)
    assert (tool.name, tool.metadata.description) == ("add", "Adds.")
    assert tool.metadata.args_schema["required"] == ["a", "b"]
    assert is_callable_tool(tool)
    assert asyncio.run(tool.call({"a": 2, "b": 3})) == 5
    given = FunctionTool.from_callable(add, name="plus", description="Sums.", args_schema={"type": "object"})
    assert (given.name, given.metadata.description, given.metadata.args_schema) == ("plus", "Sums.", {"type": "object"})


def test_serializes_its_function_by_name_only_and_is_answered_by_dispatch_through_its_implementation() -> None:
    tool = FunctionTool.from_callable(add, description="Adds.", args_schema={"type": "object"})
    assert tool.to_json() == {
        "name": "add",
        "metadata": {"name": "add", "description": "Adds.", "args_schema": {"type": "object"}},
        "func": {"func_type": "PythonFunction", "module": __name__, "qualname": "add"},
    }
    assert _dispatch_to(tool).responses["c1"] == "5"


def test_refuses_a_call_when_its_function_is_only_named_and_dispatch_answers_that_as_the_tool_failure() -> None:
    text = write_plan(build_plan(Agent().add_resource("add", ResourceType.TOOL, FunctionTool.from_callable(add))))
    provider = read_plan(text, DEFAULT_REGISTRY).provider(ResourceType.TOOL, "add")
    restored = provider.resource
    assert restored.func == PythonFunction(__name__, "add") and restored.func.implementation is None
    message = f"Tool add runs {__name__}:add, which has no implementation in this process."
    with pytest.raises(NotImplementedError, match=f"^{message}$"):
        restored.call({})
    with pytest.raises(NotImplementedError, match="^Tool ts runs ./math.js:add, which has no implementation in this process.$"):
        FunctionTool("ts", TypeScriptFunction("./math.js", "add")).call({})
    response = _dispatch_to(restored)
    assert (response.responses["c1"], response.error["c1"], response.success["c1"]) == (f"Tool `add` execute failed: {message}", message, False)
