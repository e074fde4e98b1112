"""Plan construction from an agent (mirrors test/src/plan/buildPlan.test.ts), with a real MCP server."""

import asyncio
import json
import shutil

import pytest
from tests._upstream import MCP_SERVER_SCRIPT

from agentparity_ref.functions import PythonFunction
from agentparity_ref.mcp import McpTool
from agentparity_ref.plan import (
    DEFAULT_REGISTRY,
    Agent,
    PlanReadError,
    SerializableProvider,
    action,
    build_plan,
    pydantic_class,
    read_plan,
    tool,
    write_plan,
)
from agentparity_ref.resources import Prompt, ResourceDescriptor, ResourceType
from agentparity_ref.subagent import SubagentSetup
from agentparity_ref.tools import FunctionTool

NODE = shutil.which("node")
HANDLER = PythonFunction("handlers", "on_input")


def reserved(name: str) -> str:
    return f"Tool name '{name}' must not start with the reserved prefix '_subagent_', which identifies sub-agent callables."


def mcp_server(spec: dict, language: str = "python") -> ResourceDescriptor:
    module = "agentparity_ref.mcp" if language == "python" else "agentparity/mcp"
    return ResourceDescriptor(module, "StdioMcpServer", {"command": NODE, "args": [str(MCP_SERVER_SCRIPT), json.dumps(spec)]}, language)


def test_the_agent_actions_come_before_the_three_built_in_actions() -> None:
    plan = build_plan(Agent("Greeter").add_action("greet", ["_input_event"], HANDLER))
    assert list(plan.actions) == ["greet", "chat_model_action", "tool_call_action", "context_retrieval_action"]
    assert plan.actions["tool_call_action"].trigger_conditions == ["_tool_request_event"]
    assert plan.actions["chat_model_action"].trigger_conditions == ["_chat_request_event", "_tool_response_event"]
    assert plan.agent_name == "Greeter"


def test_an_action_taking_a_built_in_name_is_refused() -> None:
    with pytest.raises(RuntimeError, match="^Duplicate action name: tool_call_action$"):
        build_plan(Agent().add_action("tool_call_action", ["_input_event"], HANDLER))


def test_names_are_unique_per_resource_type_only() -> None:
    agent = Agent().add_resource("reviewer", ResourceType.TOOL, FunctionTool("reviewer", HANDLER))
    with pytest.raises(ValueError, match="^tool reviewer already defined$"):
        agent.add_resource("reviewer", ResourceType.TOOL, FunctionTool("reviewer", HANDLER))
    agent.add_resource("reviewer", ResourceType.AGENT, ResourceDescriptor("m", "Setup"))


def test_an_added_tool_under_the_reserved_prefix_is_refused() -> None:
    agent = Agent().add_resource("_subagent_helper", ResourceType.TOOL, FunctionTool("_subagent_helper", HANDLER))
    with pytest.raises(ValueError) as caught:
        build_plan(agent)
    assert str(caught.value) == reserved("_subagent_helper")


class DecoratedAgent(Agent):
    @action("_input_event")
    @staticmethod
    def first(event: object, ctx: object) -> None:
        """Handles input."""

    @tool
    @staticmethod
    def lookup(order_id: str, limit: int = 3) -> str:
        """Looks an order up."""
        return order_id


class ReservedToolAgent(Agent):
    @tool
    @staticmethod
    def _subagent_lookup(query: str) -> str:
        return query


def test_decorated_actions_and_tools_are_named_by_module_and_qualname() -> None:
    plan = build_plan(DecoratedAgent())
    assert plan.actions["first"].exec == PythonFunction(__name__, "DecoratedAgent.first")
    lookup = plan.provider("tool", "lookup").resource
    assert lookup.func == PythonFunction(__name__, "DecoratedAgent.lookup")
    assert lookup.metadata.description == "Looks an order up."
    assert lookup.metadata.args_schema["required"] == ["order_id"]
    assert plan.agent_name == "DecoratedAgent"


def test_a_decorated_tool_under_the_reserved_prefix_is_refused() -> None:
    with pytest.raises(ValueError) as caught:
        build_plan(ReservedToolAgent())
    assert str(caught.value) == reserved("_subagent_lookup")


def test_a_name_with_the_prefix_further_in_is_accepted() -> None:
    agent = Agent().add_resource("lookup_subagent_x", ResourceType.TOOL, FunctionTool("lookup_subagent_x", HANDLER))
    assert isinstance(build_plan(agent).provider("tool", "lookup_subagent_x"), SerializableProvider)


def test_an_agent_descriptor_is_a_descriptor_provider_and_other_values_are_refused_in_the_upstream_words() -> None:
    ok = build_plan(
        Agent().add_resource(
            "summarizer", ResourceType.AGENT, ResourceDescriptor.from_class_path("com.example.HttpSubagentSetup", {"endpoint": "http://s"})
        )
    )
    assert ok.provider("agent", "summarizer").kind == "PythonResourceProvider"
    with pytest.raises(TypeError, match=r"^AGENT resource 'reviewer' must be a SubagentSetup, a ResourceDescriptor, or an Agent, but got Prompt\.$"):
        build_plan(Agent().add_resource("reviewer", ResourceType.AGENT, Prompt.from_text("review {x}")))
    with pytest.raises(TypeError, match=r"but got int\.$"):
        build_plan(Agent().add_resource("n", ResourceType.AGENT, 42))


def test_a_construction_error_names_where_the_resource_was_declared() -> None:
    agent = Agent().add_resource("_subagent_x", ResourceType.TOOL, FunctionTool("_subagent_x", HANDLER), site="$.agents[0].tools[0]")
    with pytest.raises(ValueError) as caught:
        build_plan(agent)
    assert caught.value.path == "$.agents[0].tools[0]"


def test_a_built_plan_reads_back_and_writes_identically() -> None:
    agent = (
        Agent("A")
        .add_action("a", ["_input_event", "attributes.ready == true"], PythonFunction("pkg.mod", "act"), {"retries": 2})
        .add_resource("notify", ResourceType.TOOL, FunctionTool("notify", PythonFunction("pkg.tools", "notify")))
        .add_resource("greeting", ResourceType.PROMPT, Prompt.from_messages([{"role": "system", "content": "be brief"}]))
        .add_resource("conn", ResourceType.CHAT_MODEL_CONNECTION, ResourceDescriptor.from_class_path("pkg.Conn", {"base_url": "http://x"}))
    )
    text = write_plan(build_plan(agent))
    assert write_plan(read_plan(text, DEFAULT_REGISTRY)) == text


@pytest.mark.skipif(NODE is None, reason="node is needed to run the MCP test server")
class TestMcpDiscoveryAgainstARealStdioServer:
    def test_each_advertised_tool_and_prompt_becomes_a_resource_across_pages(self) -> None:
        server = mcp_server(
            {
                "tools": [{"name": "search", "description": "Search docs"}, {"name": "fetch"}],
                "prompts": [{"name": "summarize", "title": "Summarize", "arguments": [{"name": "text", "required": True}]}],
                "pageSize": 1,
            }
        )
        plan = build_plan(Agent().add_resource("docs", ResourceType.MCP_SERVER, server))
        assert list(plan.resource_providers[ResourceType.TOOL]) == ["search", "fetch"]
        search = plan.provider("tool", "search").resource
        assert isinstance(search, McpTool) and search.mcp_server_name == "docs" and search.metadata.description == "Search docs"
        assert plan.provider("prompt", "summarize").clazz == "McpPrompt"

    def test_a_server_advertising_subagent_lookup_fails_plan_construction(self) -> None:
        server = mcp_server({"tools": [{"name": "search"}, {"name": "_subagent_lookup"}]})
        with pytest.raises(ValueError) as caught:
            build_plan(Agent().add_resource("docs", ResourceType.MCP_SERVER, server))
        assert str(caught.value) == f"MCP server 'docs' advertised a tool with a reserved name: {reserved('_subagent_lookup')}"

    def test_a_server_the_typescript_runtime_names_is_reached_through_the_same_protocol(self) -> None:
        plan = build_plan(Agent().add_resource("docs", ResourceType.MCP_SERVER, mcp_server({"tools": [{"name": "search"}]}, "typescript")))
        assert plan.provider("mcp_server", "docs").kind == "TypeScriptResourceProvider"
        assert plan.provider("tool", "search").kind == "PythonSerializableResourceProvider"

    def test_a_server_that_cannot_be_started_is_reported(self) -> None:
        server = ResourceDescriptor("agentparity_ref.mcp", "StdioMcpServer", {"command": "/nonexistent/mcp-server"})
        with pytest.raises(RuntimeError, match="^MCP server 'gone' could not be queried: "):
            build_plan(Agent().add_resource("gone", ResourceType.MCP_SERVER, server))


class HttpSubagentSetup(SubagentSetup):
    """An external sub-agent with state of its own (reference §6.8)."""

    endpoint_url: str
    fail_on_call: bool = False


def test_a_subagent_setup_compiles_into_a_serializable_agent_provider() -> None:
    setup = SubagentSetup(description="Reviews a file.", input_schema='{"type": "object"}')
    provider = build_plan(Agent().add_resource("reviewer", ResourceType.AGENT, setup)).provider("agent", "reviewer")
    assert (provider.kind, provider.module, provider.clazz) == ("PythonSerializableResourceProvider", "agentparity_ref.subagent", "SubagentSetup")
    assert provider.resource.model_dump() == {"description": "Reviews a file.", "input_schema": '{"type": "object"}'}


def test_a_setup_class_of_ones_own_must_be_registered_to_be_named_by_a_plan() -> None:
    agent = Agent().add_resource("remote", ResourceType.AGENT, HttpSubagentSetup(endpoint_url="http://agent:8080"))
    with pytest.raises(TypeError, match="^HttpSubagentSetup is not in the class registry, so a plan cannot name it$"):
        build_plan(agent)


def test_a_live_external_subagent_is_rebuilt_after_a_plan_json_round_trip() -> None:
    registry = DEFAULT_REGISTRY.extend([pydantic_class("tests.plan", "HttpSubagentSetup", ResourceType.AGENT, HttpSubagentSetup)])
    setup = HttpSubagentSetup(description="Calls a remote agent.", input_schema='{"type": "object"}', endpoint_url="http://agent:8080", fail_on_call=True)
    text = write_plan(build_plan(Agent().add_resource("remote", ResourceType.AGENT, setup), registry))
    restored = read_plan(text, registry).provider("agent", "remote").resource
    assert isinstance(restored, HttpSubagentSetup)
    assert (restored.endpoint_url, restored.fail_on_call, restored.description) == ("http://agent:8080", True, "Calls a remote agent.")
    with pytest.raises(PlanReadError, match='unknown class "tests.plan.HttpSubagentSetup"'):
        read_plan(text, DEFAULT_REGISTRY)


def _reply(prompt: object, session: str) -> str:
    return "hello"


def test_a_function_sub_agent_is_named_by_its_function_and_read_back_named_only() -> None:
    from agentparity_ref.plan import DEFAULT_REGISTRY, SerializableProvider, read_plan
    from agentparity_ref.runner import AgentResources
    from agentparity_ref.runtime import ActionContext, MemoryStore, SessionIds
    from agentparity_ref.setups import FunctionSubagentSetup

    agent = Agent().add_resource("writer", ResourceType.AGENT, FunctionSubagentSetup(run=_reply, description="Writes.", input_schema='{"type": "object"}'))
    text = write_plan(build_plan(agent))
    module = _reply.__module__  # as pytest imported this file
    assert (
        '"writer": {"name": "writer", "type": "agent", "module": "agentparity_ref.subagent", "clazz": "FunctionSubagentSetup", '
        '"serialized": {"description": "Writes.", "input_schema": "{\\"type\\": \\"object\\"}", "func": {"func_type": "PythonFunction", '
        f'"module": "{module}", "qualname": "_reply"}}}}, "__resource_provider_type__": "PythonSerializableResourceProvider"}}'
    ) in text
    provider = read_plan(text, DEFAULT_REGISTRY).provider("agent", "writer")
    assert isinstance(provider, SerializableProvider)
    restored = provider.resource
    assert isinstance(restored, FunctionSubagentSetup) and restored.func == PythonFunction(module, "_reply")
    assert write_plan(read_plan(text, DEFAULT_REGISTRY)) == text
    ctx = ActionContext(AgentResources.of_agent(Agent(), DEFAULT_REGISTRY), MemoryStore(), "s", SessionIds("k"), lambda event: None)

    async def call() -> object:
        return await (await restored.submit(ctx, "go"))

    result = asyncio.run(call())
    assert result.error_message == f"NotImplementedError: Sub-agent runs {module}:_reply, which has no implementation in this process."
