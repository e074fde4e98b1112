"""Internal sub-agents in a plan (reference §2, tests §6.1): an Agent registered as an AGENT
resource. Mirrors test/src/plan/internalSubagents.test.ts."""

import pytest

from agentparity_ref.functions import PythonFunction
from agentparity_ref.plan import DEFAULT_REGISTRY, Agent, AgentConfiguration, build_plan, read_plan, write_plan
from agentparity_ref.plan.internal_subagent_setup import InternalSubagentSetup
from agentparity_ref.plan.subagent_metadata import SubagentMetadataProvider
from agentparity_ref.plan.write_plan import plan_to_json
from agentparity_ref.resources import ResourceType

_HANDLER = PythonFunction("pkg.handlers", "on_input")


def _agent(name: str) -> Agent:
    return Agent(name).add_action("handle", ["_input_event"], _HANDLER)


def _setup(plan, name: str) -> InternalSubagentSetup:  # noqa: ANN001
    return plan.provider("agent", name).resource


class Reviewer(Agent, SubagentMetadataProvider):
    def get_subagent_description(self) -> str | None:
        return "Reviews pull requests and reports findings"

    def get_subagent_input_schema(self) -> str | None:
        return '{"type":"object","properties":{"diff":{"type":"string"}}}'


def test_a_child_agent_compiles_into_an_internal_provider() -> None:
    plan = build_plan(_agent("root").add_resource("child", ResourceType.AGENT, _agent("kid")))
    provider = plan.provider("agent", "child")
    assert (provider.kind, provider.module, provider.clazz) == ("PythonSerializableResourceProvider", "agentparity_ref.plan", "InternalSubagentSetup")
    serialized = plan_to_json(plan)["resource_providers"]["agent"]["child"]["serialized"]
    assert list(serialized) == ["child_plan", "scope", "description", "input_schema"]
    assert (serialized["scope"], serialized["description"], serialized["input_schema"]) == ("child", "", None)
    assert serialized["child_plan"]["agent_name"] == "kid"
    assert list(_setup(plan, "child").child_plan.actions) == ["handle", "chat_model_action", "tool_call_action", "context_retrieval_action"]


def test_declared_metadata_is_carried_verbatim_and_the_child_shares_the_configuration_object() -> None:
    config = AgentConfiguration({"k": 1})
    plan = build_plan(_agent("root").add_resource("reviewer", ResourceType.AGENT, Reviewer()), config=config)
    setup = _setup(plan, "reviewer")
    assert (setup.scope, setup.description, setup.input_schema) == (
        "reviewer",
        "Reviews pull requests and reports findings",
        '{"type":"object","properties":{"diff":{"type":"string"}}}',
    )
    assert setup.child_plan.config is config
    assert setup.child_plan.agent_name == "Reviewer"


def test_one_child_registered_twice_or_under_two_parents_compiles_once() -> None:
    shared = _agent("shared")
    middle = _agent("middle").add_resource("s", ResourceType.AGENT, shared)
    root = _agent("root").add_resource("a", ResourceType.AGENT, shared).add_resource("b", ResourceType.AGENT, shared)
    plan = build_plan(root.add_resource("m", ResourceType.AGENT, middle))
    assert _setup(plan, "a").child_plan is _setup(plan, "b").child_plan
    assert _setup(_setup(plan, "m").child_plan, "s").child_plan is _setup(plan, "a").child_plan
    assert (_setup(plan, "a").scope, _setup(plan, "b").scope) == ("a", "b")


def test_cycles_are_refused_with_the_upstream_path_texts() -> None:
    a, b = _agent("A"), _agent("B")
    a.add_resource("b", ResourceType.AGENT, b)
    b.add_resource("a", ResourceType.AGENT, a)
    with pytest.raises(ValueError, match=r"^Cyclic sub-agent definition detected: a -> b -> a$"):
        build_plan(_agent("root").add_resource("a", ResourceType.AGENT, a))
    top = _agent("top")
    top.add_resource("b", ResourceType.AGENT, _agent("B2").add_resource("root", ResourceType.AGENT, top))
    with pytest.raises(ValueError, match=r"^Cyclic sub-agent definition detected: <root> -> b -> root$"):
        build_plan(top)
    itself = _agent("self")
    itself.add_resource("itself", ResourceType.AGENT, itself)
    with pytest.raises(ValueError, match=r"^Cyclic sub-agent definition detected: <root> -> itself$"):
        build_plan(itself)


def test_an_agent_value_that_is_no_setup_descriptor_or_agent_is_refused() -> None:
    with pytest.raises(TypeError, match=r"^AGENT resource 'x' must be a SubagentSetup, a ResourceDescriptor, or an Agent, but got dict\.$"):
        build_plan(_agent("root").add_resource("x", ResourceType.AGENT, {}))


def test_the_nested_child_plan_survives_a_json_round_trip() -> None:
    reviewer = Reviewer().add_resource("deep", ResourceType.AGENT, _agent("leaf"))
    text = write_plan(build_plan(_agent("root").add_resource("reviewer", ResourceType.AGENT, reviewer)))
    read = read_plan(text, DEFAULT_REGISTRY)
    assert write_plan(read) == text
    deep = _setup(_setup(read, "reviewer").child_plan, "deep")
    assert (deep.scope, deep.child_plan.agent_name) == ("deep", "leaf")
