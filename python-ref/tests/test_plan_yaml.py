"""YAML agents documents: every upstream example loads, the format is checked with clear errors,
and sub-agents and declared types reach the plan (mirrors test/src/plan/yaml/*.test.ts)."""

import json
import shutil
from pathlib import Path

import pytest
from tests._upstream import MCP_SERVER_SCRIPT, UPSTREAM

from agentparity_ref.functions import JavaFunction, PythonFunction, TypeScriptFunction
from agentparity_ref.plan import (
    DEFAULT_REGISTRY,
    InternalSubagentSetup,
    YamlPlanBuilder,
    read_agents_document,
    read_plan,
    write_plan,
)
from agentparity_ref.pyjson import load_yaml

NODE = shutil.which("node")

YAML_EXAMPLES = sorted((UPSTREAM / "python/flink_agents/api/yaml/tests/fixtures").glob("*.yaml"))
TYPES = {
    "format": "pydantic-neutral-declaration/1",
    "models": [
        {
            "name": "Review",
            "fields": [
                {"name": "path", "type": {"type": "str"}, "required": True},
                {"name": "lines", "type": {"type": "int"}, "required": False, "default": {"kind": "int", "value": 0}},
            ],
        }
    ],
}


def builder(tree: object) -> YamlPlanBuilder:
    return YamlPlanBuilder(read_agents_document(tree, "agents.yaml"))


def plan_of(tree: object, agent: str | None = None):
    b = builder(tree)
    return b.plan(b.select(agent))


def refusal(tree: object, agent: str | None = None) -> tuple[str, str, str | None]:
    with pytest.raises((ValueError, TypeError, RuntimeError)) as caught:
        plan_of(tree, agent)
    kind = next(k.__name__ for k in type(caught.value).__mro__ if k.__name__ in ("ValueError", "TypeError", "RuntimeError"))
    return kind, str(caught.value), getattr(caught.value, "path", None)


@pytest.mark.parametrize("path", YAML_EXAMPLES, ids=lambda p: p.name)
def test_every_upstream_yaml_example_loads_and_its_plans_round_trip(path: Path) -> None:
    b = YamlPlanBuilder(read_agents_document(load_yaml(path.read_text()), str(path)))
    assert b.agent_names
    for name in b.agent_names:
        text = write_plan(b.plan(name))
        assert write_plan(read_plan(text, DEFAULT_REGISTRY)) == text


def test_event_aliases_and_class_aliases_resolve_as_upstream() -> None:
    plan = plan_of(load_yaml((UPSTREAM / "python/flink_agents/api/yaml/tests/fixtures/with_descriptors.yaml").read_text()))
    assert plan.actions["increment"].trigger_conditions == ["_input_event"]
    assert plan.actions["decrement"].trigger_conditions == ["_chat_response_event"]
    conn = plan.provider("chat_model_connection", "ollama_conn")
    assert conn.kind == "PythonResourceProvider"
    assert (conn.descriptor.target_module, conn.descriptor.target_clazz) == (
        "flink_agents.integrations.chat_models.ollama_chat_model",
        "OllamaChatModelConnection",
    )
    assert conn.descriptor.arguments == {"base_url": "http://localhost:11434", "request_timeout": 30}


def test_shared_actions_follow_the_agent_own_and_shared_resources_join_every_agent() -> None:
    b = builder(load_yaml((UPSTREAM / "python/flink_agents/api/yaml/tests/fixtures/with_shared.yaml").read_text()))
    a1 = b.plan("a1")
    assert list(a1.actions)[:2] == ["own_dec", "shared_inc"]
    assert b.plan("a2").provider("chat_model_connection", "shared_conn") is not None


def test_functions_take_the_language_the_declaration_names() -> None:
    tree = {
        "agents": [
            {
                "name": "a",
                "actions": [
                    {"name": "py", "function": "pkg.mod:Cls.run", "trigger_conditions": ["input"]},
                    {"name": "jv", "function": "com.example.Handlers:handle", "type": "java", "trigger_conditions": ["input"]},
                    {"name": "ts", "function": "./handlers.js:onInput", "type": "typescript", "trigger_conditions": ["input"]},
                ],
                "tools": [{"name": "add", "function": "com.example.Math:add", "type": "java", "parameter_types": ["int", "int"]}],
            }
        ]
    }
    plan = plan_of(tree)
    assert plan.actions["py"].exec == PythonFunction("pkg.mod", "Cls.run")
    assert plan.actions["jv"].exec == JavaFunction(
        "com.example.Handlers", "handle", ("org.apache.flink.agents.api.Event", "org.apache.flink.agents.api.context.RunnerContext")
    )
    assert plan.actions["ts"].exec == TypeScriptFunction("./handlers.js", "onInput")
    assert plan.provider("tool", "add").resource.func == JavaFunction("com.example.Math", "add", ("int", "int"))


def test_a_declared_subagent_carries_the_schema_derived_from_the_types_block() -> None:
    tree = {
        "types": TYPES,
        "agents": [
            {
                "name": "root",
                "chat_model_setups": [{"name": "chat", "clazz": "ollama", "connection": "c", "subagents": ["reviewer"]}],
                "subagents": [{"name": "reviewer", "description": "Reviews a file.", "input_type": "Review"}],
            }
        ],
    }
    plan = plan_of(tree)
    setup = plan.provider("agent", "reviewer")
    assert setup.clazz == "SubagentSetup" and setup.module == "agentparity_ref.subagent"
    schema = json.loads(setup.resource.input_schema)
    assert schema["properties"] == {"path": {"title": "Path", "type": "string"}, "lines": {"default": 0, "title": "Lines", "type": "integer"}}
    assert schema["required"] == ["path"]
    assert plan.provider("chat_model", "chat").descriptor.arguments["subagents"] == ["reviewer"]


def test_an_explicit_schema_wins_and_a_blank_one_is_refused_where_it_is_written() -> None:
    explicit = '{"type": "object", "properties": {"q": {"type": "string"}}}'
    tree = {"types": TYPES, "agents": [{"name": "a", "subagents": [{"name": "s", "input_schema": explicit, "input_type": "Review"}]}]}
    assert plan_of(tree).provider("agent", "s").resource.input_schema == explicit
    blank = {"agents": [{"name": "a", "subagents": [{"name": "s", "input_schema": "  "}]}]}
    assert refusal(blank) == ("ValueError", "Sub-agent input schema must not be blank.", "$.agents[0].subagents[0].input_schema")


def test_a_non_model_input_type_is_refused_with_the_upstream_message() -> None:
    tree = {"agents": [{"name": "a", "subagents": [{"name": "s", "input_type": {"type": "int"}}]}]}
    kind, message, path = refusal(tree)
    assert (kind, path) == ("TypeError", "$.agents[0].subagents[0].input_type")
    assert message == (
        "Sub-agent input type <class 'int'> is not supported. Declare a pydantic BaseModel, or declare an input schema explicitly."
    )


def test_an_external_subagent_is_a_descriptor_provider() -> None:
    tree = {
        "agents": [
            {
                "name": "a",
                "subagents": [
                    {"name": "summarizer", "target_module": "com.example", "target_clazz": "HttpSubagentSetup", "arguments": {"endpoint": "http://s:8080"}}
                ],
            }
        ]
    }
    provider = plan_of(tree).provider("agent", "summarizer")
    assert provider.kind == "PythonResourceProvider"
    assert provider.descriptor.to_json() == {
        "target_module": "com.example",
        "target_clazz": "HttpSubagentSetup",
        "arguments": {"endpoint": "http://s:8080"},
    }


def test_an_internal_subagent_carries_the_plan_of_the_agent_it_refers_to() -> None:
    tree = {
        "agents": [
            {"name": "reviewer-agent", "actions": [{"name": "review", "function": "pkg:review", "trigger_conditions": ["input"]}]},
            {"name": "root", "subagents": [{"name": "reviewer", "agent_ref": "reviewer-agent", "input_schema": '{"type": "object"}'}]},
        ]
    }
    plan = plan_of(tree, "root")
    setup = plan.provider("agent", "reviewer").resource
    assert isinstance(setup, InternalSubagentSetup)
    assert setup.child_plan.agent_name == "reviewer-agent"
    assert "review" in setup.child_plan.actions
    text = write_plan(plan)
    restored = read_plan(text, DEFAULT_REGISTRY)
    assert isinstance(restored.provider("agent", "reviewer").resource, InternalSubagentSetup)
    assert write_plan(restored) == text


@pytest.mark.parametrize(
    ("agents", "message"),
    [
        ([{"name": "a", "subagents": [{"name": "s", "agent_ref": "a"}]}], "Cyclic sub-agent definition detected: a -> a"),
        (
            [{"name": "a", "subagents": [{"name": "s", "agent_ref": "b"}]}, {"name": "b", "subagents": [{"name": "t", "agent_ref": "a"}]}],
            "Cyclic sub-agent definition detected: a -> b -> a",
        ),
    ],
)
def test_a_cycle_of_internal_subagents_is_refused(agents: list, message: str) -> None:
    assert refusal({"agents": agents}, "a")[:2] == ("ValueError", message)


@pytest.mark.parametrize(
    ("tree", "message", "path"),
    [
        (None, "YAML file agents.yaml is empty", "$"),
        ([], "expected an object, got an array", "$"),
        ({"agent": []}, 'unknown key "agent"', "$.agent"),
        ({"agents": [{"actions": []}]}, 'missing required key "name"', "$.agents[0].name"),
        ({"agents": [{"name": "a", "actions": [{"name": "x", "function": "m:f", "listen_to": ["input"]}]}]}, 'unknown key "listen_to"', "$.agents[0].actions[0].listen_to"),
        ({"agents": [{"name": "a", "actions": [{"name": "x", "function": "m:f", "trigger_conditions": []}]}]}, "expected at least one trigger condition", "$.agents[0].actions[0].trigger_conditions"),
        ({"agents": [{"name": "a", "actions": [{"name": "x", "function": "m:f", "trigger_conditions": [" "]}]}]}, "a trigger condition must not be blank", "$.agents[0].actions[0].trigger_conditions[0]"),
        ({"agents": [{"name": "a", "tools": [{"name": "t", "function": "m:f", "type": "rust"}]}]}, 'expected one of "python", "java", "typescript", got "rust"', "$.agents[0].tools[0].type"),
        ({"agents": [{"name": "a", "prompts": [{"name": "p", "text": "x", "messages": [{"content": "y"}]}]}]}, "prompt must define exactly one non-empty 'text' or 'messages'", "$.agents[0].prompts[0]"),
        ({"skills": [{"name": "s"}]}, "skills 's': at least one of paths/urls/classpath/package must be non-empty.", "$.skills[0]"),
        ({"agents": [{"name": "a", "chat_model_setups": [{"name": "c"}]}]}, 'missing required key "clazz"', "$.agents[0].chat_model_setups[0].clazz"),
        ({"agents": [{"name": "a", "chat_model_setups": [{"name": "c", "clazz": "ollama", "subagents": "reviewer"}]}]}, 'expected an array, got "reviewer"', "$.agents[0].chat_model_setups[0].subagents"),
        ({"agents": [{"name": "a", "subagents": [{"name": "s", "agent_ref": "b", "target_module": "m", "target_clazz": "C"}]}]}, "a sub-agent names an agent (agent_ref) or a setup class (target_module, target_clazz), not both", "$.agents[0].subagents[0].agent_ref"),
        ({"agents": [{"name": "a", "subagents": [{"name": "s", "target_module": "m", "target_clazz": "C", "description": "d"}]}]}, 'a sub-agent with a setup class takes its description and schema from its "arguments"', "$.agents[0].subagents[0].description"),
        ({"agents": [{"name": "a", "subagents": [{"name": "s", "arguments": {}}]}]}, '"arguments" needs a setup class (target_module and target_clazz)', "$.agents[0].subagents[0].arguments"),
        ({"types": {"format": "x"}}, 'unsupported format "x", expected "pydantic-neutral-declaration/1"', "$.types.format"),
    ],
)
def test_a_malformed_document_is_refused_at_the_offending_node(tree: object, message: str, path: str) -> None:
    with pytest.raises(ValueError) as caught:
        read_agents_document(tree, "agents.yaml")
    assert (str(caught.value), caught.value.path) == (message, path)


@pytest.mark.parametrize(
    ("tree", "kind", "message", "path"),
    [
        (
            {"agents": [{"name": "a"}, {"name": "a"}]},
            "ValueError",
            "Duplicate agent name 'a' in agents.yaml",
            "$.agents[1]",
        ),
        (
            {"agents": [{"name": "a", "actions": ["missing"]}]},
            "ValueError",
            "Agent 'a' references shared action 'missing' in agents.yaml, but no shared action with that name is defined at the file level.",
            "$.agents[0].actions[0]",
        ),
        (
            {"tools": [{"name": "t", "function": "m:f"}, {"name": "t", "function": "m:g"}]},
            "ValueError",
            "Duplicate shared tool name 't' in agents.yaml",
            "$.tools[1]",
        ),
        (
            {"agents": [{"name": "a", "actions": [{"name": "x", "trigger_conditions": ["input"]}]}]},
            "ValueError",
            "Action/tool 'x': 'function' is required and must be of the form '<module-or-class>:<qualname>'.",
            "$.agents[0].actions[0]",
        ),
        (
            {"agents": [{"name": "a", "tools": [{"name": "t", "function": "no_colon"}]}]},
            "ValueError",
            "Action/tool 't': python function 'no_colon' must be of the form '<module-or-class>:<qualname>' "
            "(e.g. 'pkg.tools:add', 'pkg.tools:MyTools.add', 'com.example.MyClass:method').",
            "$.agents[0].tools[0]",
        ),
        (
            {"agents": [{"name": "a", "tools": [{"name": "t", "function": "C:m", "type": "java"}]}]},
            "ValueError",
            "Tool 't': java tools must declare 'parameter_types' in YAML.",
            "$.agents[0].tools[0]",
        ),
        (
            {"agents": [{"name": "a", "mcp_servers": [{"name": "m", "clazz": "x", "type": "java"}]}]},
            "ValueError",
            "Resource 'm': type='java' is not supported for mcp_server (no Python-side Java wrapper).",
            "$.agents[0].mcp_servers[0]",
        ),
        (
            {"agents": [{"name": "a", "tools": [{"name": "_subagent_lookup", "function": "m:f"}]}]},
            "ValueError",
            "Tool name '_subagent_lookup' must not start with the reserved prefix '_subagent_', which identifies sub-agent callables.",
            "$.agents[0].tools[0]",
        ),
        (
            {"agents": [{"name": "a", "tools": [{"name": "t", "function": "m:f"}]}], "tools": [{"name": "t", "function": "m:g"}]},
            "ValueError",
            "tool t already defined",
            "$.tools[0]",
        ),
        (
            {"agents": [{"name": "a"}, {"name": "b"}]},
            "ValueError",
            'the declaration declares several agents ("a", "b"): name the one to build',
            "$.agents",
        ),
    ],
)
def test_a_refused_declaration_says_why_in_the_upstream_words_and_where(tree: object, kind: str, message: str, path: str) -> None:
    assert refusal(tree) == (kind, message, path)


def _mcp_document(tools: list[str]) -> dict:
    spec = json.dumps({"tools": [{"name": name} for name in tools]})
    return {"agents": [{"name": "a", "mcp_servers": [{"name": "docs", "clazz": "stdio", "command": NODE, "args": [str(MCP_SERVER_SCRIPT), spec]}]}]}


@pytest.mark.skipif(NODE is None, reason="node is needed to run the MCP test server")
def test_the_stdio_alias_names_a_server_whose_tools_are_discovered() -> None:
    plan = plan_of(_mcp_document(["search", "fetch"]))
    server = plan.provider("mcp_server", "docs")
    assert (server.kind, server.descriptor.target_module, server.descriptor.target_clazz) == (
        "PythonResourceProvider",
        "agentparity_ref.mcp",
        "StdioMcpServer",
    )
    assert list(plan.resource_providers["tool"]) == ["search", "fetch"]


@pytest.mark.skipif(NODE is None, reason="node is needed to run the MCP test server")
def test_a_server_advertising_subagent_lookup_fails_the_plan_at_the_server_entry() -> None:
    assert refusal(_mcp_document(["search", "_subagent_lookup"])) == (
        "ValueError",
        "MCP server 'docs' advertised a tool with a reserved name: "
        "Tool name '_subagent_lookup' must not start with the reserved prefix '_subagent_', which identifies sub-agent callables.",
        "$.agents[0].mcp_servers[0]",
    )


def test_the_plan_configuration_comes_from_the_document_and_general_purpose_registers_a_react_agent_on_the_roots_chat_model() -> None:
    agents = [
        {"name": "lead", "chat_model_setups": [{"name": "chat", "clazz": "ollama", "connection": "c"}], "subagents": [{"name": "kid", "agent_ref": "kid"}]},
        {"name": "kid", "chat_model_setups": [{"name": "own", "clazz": "ollama", "connection": "c"}]},
    ]
    on = plan_of({"config": {"subagent.general-purpose": True}, "agents": agents}, "lead")
    assert on.config.conf_data == {"subagent.general-purpose": True}
    setup = on.provider("agent", "general-purpose").resource
    assert [setup.scope, setup.child_plan.agent_name, setup.description] == [
        "general-purpose",
        "ReActAgent",
        "A general-purpose agent that completes a delegated task using its tools.",
    ]
    assert setup.child_plan.actions["start_action"].config == {"chat_model": "chat"}
    kid = on.provider("agent", "kid").resource
    assert "general-purpose" not in kid.child_plan.resource_providers.get("agent", {})
    assert kid.child_plan.config.conf_data["subagent.general-purpose"] is True
    assert plan_of({"agents": agents}, "lead").provider("agent", "general-purpose") is None
    assert refusal({"config": [1], "agents": agents}, "lead") == ("ValueError", "expected an object, got an array", "$.config")
