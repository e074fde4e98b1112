"""Reading and writing plan JSON in the upstream layout (mirrors test/src/plan/readPlan.test.ts)."""

import json

import pytest
from tests._upstream import UPSTREAM_PLANS, upstream_text

from agentparity_ref.functions import JavaFunction, PythonFunction
from agentparity_ref.plan import (
    ABSENT,
    DEFAULT_REGISTRY,
    DescriptorProvider,
    JsonNode,
    OpaqueResource,
    PlanReadError,
    SerializableProvider,
    plan_to_json,
    read_action,
    read_plan,
    write_plan,
)
from agentparity_ref.tools import FunctionTool


def read(text: str):
    return read_plan(text, DEFAULT_REGISTRY)


def read_error(text: str) -> tuple[str, str]:
    with pytest.raises(PlanReadError) as caught:
        read(text)
    return str(caught.value), caught.value.path


@pytest.mark.parametrize("path", UPSTREAM_PLANS)
def test_an_upstream_plan_reads_and_writes_back_unchanged(path: str) -> None:
    text = upstream_text(path)
    assert write_plan(read(text)) == json.dumps(json.loads(text))


def test_the_java_layout_keeps_its_absent_keys_and_key_order() -> None:
    plan = read(upstream_text("plan/src/test/resources/agent_plans/agent_plan.json"))
    assert plan.agent_name is ABSENT
    assert plan.resource_providers is ABSENT
    assert plan.actions["second_action"].exec == JavaFunction(
        "org.apache.flink.agents.plan.serializer.AgentPlanJsonDeserializerTest$MyAction",
        "doNothing",
        ("org.apache.flink.agents.api.Event", "org.apache.flink.agents.api.context.RunnerContext"),
    )
    exec_keys = list(plan_to_json(plan)["actions"]["first_action"]["exec"])
    assert exec_keys == ["qualname", "method_name", "parameter_types", "func_type"]


def test_typescript_resources_stay_opaque_and_the_upstream_function_tool_is_restored() -> None:
    plan = read(upstream_text("plan/src/test/resources/agent_plans/agent_plan_with_python_resource_providers.json"))
    model = plan.provider("chat_model", "chat_model")
    assert isinstance(model, DescriptorProvider) and model.layout == "kwargs"
    tool = plan.provider("tool", "add")
    assert isinstance(tool, SerializableProvider) and isinstance(tool.resource, FunctionTool)
    assert tool.resource.func == PythonFunction(
        "flink_agents.plan.tests.compatibility.python_agent_plan_compatibility_test_agent", "PythonAgentPlanCompatibilityTestAgent.add"
    )


def test_a_typescript_resource_is_kept_as_an_opaque_handle() -> None:
    provider = {
        "name": "notify",
        "type": "tool",
        "module": "agentparity/tools",
        "clazz": "FunctionTool",
        "serialized": {"name": "notify", "metadata": None, "func": {"func_type": "TypeScriptFunction", "module": "./t.js", "qualname": "notify"}},
        "__resource_provider_type__": "TypeScriptSerializableResourceProvider",
    }
    text = json.dumps({"actions": {}, "resource_providers": {"tool": {"notify": provider}}})
    plan = read(text)
    assert isinstance(plan.provider("tool", "notify").resource, OpaqueResource)
    assert write_plan(plan) == text


def test_a_serializable_resource_naming_an_unregistered_class_is_refused() -> None:
    text = (
        '{"actions": {}, "resource_providers": {"agent": {"x": {"name": "x", "type": "agent", "module": "evil", "clazz": "Payload", '
        '"serialized": {}, "__resource_provider_type__": "PythonSerializableResourceProvider"}}}}'
    )
    assert read_error(text) == (
        'unknown class "evil.Payload": it is not in the class registry',
        "/resource_providers/agent/x/clazz",
    )


def test_keys_such_as_proto_stay_data() -> None:
    text = (
        '{"actions": {}, "resource_providers": {"chat_model": {"__proto__": {"name": "__proto__", "type": "chat_model", '
        '"descriptor": {"target_module": "m", "target_clazz": "C", "arguments": {"__proto__": {"polluted": true}, "constructor": 1}}, '
        '"__resource_provider_type__": "PythonResourceProvider"}}}, "agent_name": "a", "config": {"conf_data": {"__proto__": 2}}}'
    )
    plan = read(text)
    assert plan.provider("chat_model", "__proto__").descriptor.arguments["constructor"] == 1
    assert write_plan(plan) == text


@pytest.mark.parametrize(
    ("text", "message", "path"),
    [
        ('{"actions": {"a": {"name": "a", "exec"', "plan text is not valid JSON: Expecting ':' delimiter (line 1, column 39)", ""),
        ("[1, 2]", "expected an object, got an array", ""),
        ('{"agent_name": "a"}', 'missing required key "actions"', "/actions"),
        ('{"actions": {}, "actions_by_event": {}}', 'unknown key "actions_by_event"', "/actions_by_event"),
        ('{"actions": []}', "expected an object, got an array", "/actions"),
        (
            '{"actions": {"a": {"name": "a", "exec": {"func_type": "PythonFunction", "module": "m", "qualname": "f"}, "trigger_conditions": ["x", 3]}}}',
            "expected a string, got 3",
            "/actions/a/trigger_conditions/1",
        ),
        ('{"actions": {"a": {"name": "b", "exec": {}, "trigger_conditions": []}}}', 'action name "b" does not match its key "a"', "/actions/a/name"),
        ('{"actions": {}, "resource_providers": {"gadget": {}}}', 'unknown resource type "gadget"', "/resource_providers/gadget"),
        (
            '{"actions": {}, "resource_providers": {"tool": {"t": {"__resource_provider_type__": "RustResourceProvider"}}}}',
            'unknown resource provider type "RustResourceProvider"',
            "/resource_providers/tool/t/__resource_provider_type__",
        ),
        (
            '{"actions": {}, "resource_providers": {"tool": {"t": {"name": "t", "type": "prompt", "descriptor": {}, "__resource_provider_type__": "PythonResourceProvider"}}}}',
            'resource type "prompt" does not match its group "tool"',
            "/resource_providers/tool/t/type",
        ),
        ('{"actions": {}, "agent_name": 7}', "expected a string, got 7", "/agent_name"),
        ('{"actions": {}, "config": {"conf_data": [1.5]}}', "expected an object, got an array", "/config/conf_data"),
    ],
)
def test_a_malformed_plan_is_refused_with_a_clear_error(text: str, message: str, path: str) -> None:
    assert read_error(text) == (message, path)


def _action(path: str):
    value = json.loads(upstream_text(path))
    return read_action(JsonNode(value, ""), value["name"])


def test_the_upstream_action_vectors_read_and_the_malformed_ones_are_refused() -> None:
    assert _action("plan/src/test/resources/actions/action_python_function.json").exec == PythonFunction("test_module", "test_function")
    assert _action("plan/src/test/resources/actions/action_unquoted_dotted_event_type.json").trigger_conditions == [
        "org.apache.flink.agents.api.NonExistentEvent"
    ]
    assert isinstance(_action("python/flink_agents/plan/tests/resources/action.json").config, dict)
    with pytest.raises(PlanReadError, match='unknown function type "InvalidFunction"'):
        _action("plan/src/test/resources/actions/action_invalid_function_type.json")
    with pytest.raises(PlanReadError, match='missing required key "qualname"'):
        _action("plan/src/test/resources/actions/action_missing_fields.json")
