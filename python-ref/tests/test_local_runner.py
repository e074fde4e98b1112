"""The local runner: the agent as declared, or the plan built from it; events in order, outputs
collected, replay on the same store. Mirrors test/src/runtime/localRunner.test.ts."""

import asyncio
import re

import pytest

from agentparity_ref.chat import ChatModelSetup, OpenAiConnection, ScriptedConnection, ScriptedTurn
from agentparity_ref.mcp import StdioMcpServer
from agentparity_ref.plan import DEFAULT_REGISTRY, Agent, build_plan, read_plan, write_plan
from agentparity_ref.resources import ResourceDescriptor, ResourceType
from agentparity_ref.runtime import (
    ASK_CHAT_MODEL,
    CHAT_RESPONSE_EVENT,
    INPUT_EVENT,
    REPLY_WITH_CHAT_RESPONSE,
    GenericEvent,
    MemoryStore,
    OutputEvent,
    durable,
)
from agentparity_ref.runner import AgentResources, LocalRunner, NamedFunctions
from agentparity_ref.runner.agent_resources import PlanSite
from agentparity_ref.runner.plan_paths import PlanPaths
from agentparity_ref.subagent import SubagentSetup


def reply_action(event, ctx) -> None:  # noqa: ANN001
    ctx.send_event(OutputEvent(f"{event.attributes()['text']}! ({ctx.next_session_id()})"))


def _shouting(calls: list[str]) -> Agent:
    async def shout(event, ctx) -> None:  # noqa: ANN001
        if event.input == "bad":
            raise ValueError("cannot shout that")

        async def upper() -> str:
            calls.append(event.input)
            return event.input.upper()

        loud = await ctx.durable_execute_async(durable("upper", upper))
        ctx.send_event(GenericEvent("_shouted", {"text": loud}))

    return Agent("Shouter").add_action("shout", [INPUT_EVENT], shout).add_action("reply", ["_shouted"], reply_action)


def _chat_agent() -> Agent:
    return (
        Agent("Chat")
        .add_resource("scripted", ResourceType.CHAT_MODEL_CONNECTION, ScriptedConnection([ScriptedTurn("hello there")]))
        .add_resource("assistant", ResourceType.CHAT_MODEL, ChatModelSetup(connection="scripted", model="assistant"))
        .add_action("ask_chat_model", [INPUT_EVENT], ASK_CHAT_MODEL, {"chat_model": "assistant", "system_prompt": "Be brief."})
        .add_action("reply_with_chat_response", [CHAT_RESPONSE_EVENT], REPLY_WITH_CHAT_RESPONSE)
    )


def test_processes_the_events_each_input_leads_to_in_order() -> None:
    runs = asyncio.run(LocalRunner(_shouting([]), MemoryStore()).run(["hi", "yo"]))
    assert [r.outputs for r in runs] == [["HI! (input-0.session-1)"], ["YO! (input-1.session-1)"]]
    assert [e.type for e in runs[0].trace] == ["_input_event", "_shouted", "_output_event"]
    assert [r.durable_executions for r in runs] == [1, 1]


def test_replays_completed_durable_calls_on_the_same_store() -> None:
    store = MemoryStore()
    calls: list[str] = []
    first = asyncio.run(LocalRunner(_shouting(calls), store).run(["hi"], ["order-1"]))
    again = asyncio.run(LocalRunner(_shouting(calls), store).run(["hi"], ["order-1"]))
    assert calls == ["hi"]
    assert again[0].outputs == first[0].outputs
    assert again[0].durable_executions == 0
    assert store.keys() == ["order-1/0/0"]


def test_runs_the_plan_built_from_an_agent_as_it_runs_the_agent_on_the_same_durable_keys() -> None:
    store = MemoryStore()
    agent = _shouting([])
    direct = asyncio.run(LocalRunner(agent, MemoryStore()).run(["hi"], ["order-1"]))
    planned = asyncio.run(LocalRunner(build_plan(agent), store).run(["hi"], ["order-1"]))
    assert [(r.outputs, [e.type for e in r.trace]) for r in planned] == [(r.outputs, [e.type for e in r.trace]) for r in direct]
    assert store.keys() == ["order-1/0/0"]


def test_hands_each_action_the_configuration_it_was_declared_with() -> None:
    seen: list = []

    def configured(event, ctx) -> None:  # noqa: ANN001
        seen.extend([ctx.get_action_config_value("retries"), ctx.get_action_config_value("absent"), list(ctx.get_action_config())])

    asyncio.run(LocalRunner(Agent().add_action("configured", [INPUT_EVENT], configured, {"retries": 3}), MemoryStore()).run(["x"]))
    assert seen == [3, None, ["retries"]]


def test_answers_through_the_built_in_chat_model_action_from_the_agent_and_from_its_plan_read_back() -> None:
    from_agent = asyncio.run(LocalRunner(_chat_agent(), MemoryStore()).run(["hi"]))
    plan = read_plan(write_plan(build_plan(_chat_agent())), DEFAULT_REGISTRY)
    from_plan = asyncio.run(LocalRunner(plan, MemoryStore()).run(["hi"]))
    for (run,) in (from_agent, from_plan):
        assert run.error is None
        assert run.outputs == ["hello there"]
        assert [e.type for e in run.trace] == ["_input_event", "_chat_request_event", "_chat_response_event", "_output_event"]


def test_refuses_when_it_is_triggered_an_action_whose_function_is_only_named() -> None:
    plan = read_plan(write_plan(build_plan(_shouting([]))), DEFAULT_REGISTRY)
    (run,) = asyncio.run(LocalRunner(plan, MemoryStore()).run(["hi"]))
    assert isinstance(run.error, NotImplementedError)
    assert str(run.error) == f"Action shout runs {__name__}:_shouting.<locals>.shout, which has no implementation in this process."
    assert [e.type for e in run.trace] == ["_input_event"]


def test_builds_a_resource_declared_by_descriptor_through_the_class_registry_when_first_asked_for_once() -> None:
    remote = ResourceDescriptor("agentparity_ref.chat", "OpenAiConnection", {"base_url": "http://127.0.0.1:9/v1"})
    resources = AgentResources.of_agent(Agent().add_resource("remote", ResourceType.CHAT_MODEL_CONNECTION, remote), DEFAULT_REGISTRY)
    built = resources.get("remote", ResourceType.CHAT_MODEL_CONNECTION)
    assert isinstance(built, OpenAiConnection)
    assert resources.get("remote", ResourceType.CHAT_MODEL_CONNECTION) is built
    agent = (
        Agent()
        .add_resource("remote", ResourceType.CHAT_MODEL_CONNECTION, ResourceDescriptor("my.module", "Missing", {}))
        .add_resource("assistant", ResourceType.CHAT_MODEL, ChatModelSetup(connection="remote", model="assistant"))
    )
    with pytest.raises(ValueError, match='^unknown class "my.module.Missing": it is not in the class registry$'):
        asyncio.run(LocalRunner(agent, MemoryStore()).run(["hi"]))


def test_refuses_a_resource_of_another_language_read_from_a_plan_when_no_class_of_this_runtime_stands_for_it_and_serves_a_stand_in_class() -> None:
    def provider(name: str, module: str, clazz: str) -> str:
        return (
            f'"{name}": {{"name": "{name}", "type": "agent", "module": "{module}", "clazz": "{clazz}", '
            '"serialized": {"description": "Reviews.", "input_schema": null}, "__resource_provider_type__": "TypeScriptSerializableResourceProvider"}'
        )

    plan = read_plan(
        f'{{"actions": {{}}, "resource_providers": {{"agent": {{{provider("r", "reviewers", "Reviewer")}, {provider("s", "agentparity/subagent", "SubagentSetup")}}}, '
        '"mcp_server": {"docs": {"name": "docs", '
        '"type": "mcp_server", "descriptor": {"target_module": "agentparity/mcp", "target_clazz": "StdioMcpServer", '
        '"arguments": {"command": "mcp-docs"}}, "__resource_provider_type__": "TypeScriptResourceProvider"}}}}',
        DEFAULT_REGISTRY,
    )
    resources = AgentResources.of_plan(plan, DEFAULT_REGISTRY, PlanSite(NamedFunctions(), PlanPaths()))
    message = "agent resource 'r' is a typescript resource (reviewers.Reviewer), which this runtime cannot use"
    with pytest.raises(TypeError, match=f"^{re.escape(message)}$"):
        resources.get("r", ResourceType.AGENT)
    restored = resources.get("s", ResourceType.AGENT)
    assert type(restored) is SubagentSetup
    assert restored.description == "Reviews."
    assert isinstance(resources.get("docs", ResourceType.MCP_SERVER), StdioMcpServer)
    with pytest.raises(KeyError, match="Resource not found: 'absent' of type ResourceType.TOOL"):
        resources.get("absent", ResourceType.TOOL)


def test_reports_a_failing_input_and_still_runs_the_others() -> None:
    runs = asyncio.run(LocalRunner(_shouting([]), MemoryStore()).run(["bad", "ok"]))
    assert str(runs[0].error) == "cannot shout that"
    assert runs[1].outputs == ["OK! (input-1.session-1)"]


def test_stops_the_whole_run_on_a_cancellation() -> None:
    def stop(event, ctx) -> None:  # noqa: ANN001
        raise asyncio.CancelledError()

    with pytest.raises(asyncio.CancelledError):
        asyncio.run(LocalRunner(Agent().add_action("stop", [INPUT_EVENT], stop), MemoryStore()).run(["a", "b"]))


def test_refuses_two_actions_under_one_name_and_an_action_named_like_a_built_in_one() -> None:
    with pytest.raises(ValueError, match="^Action a already defined$"):
        Agent().add_action("a", [], reply_action).add_action("a", [], reply_action)
    with pytest.raises(RuntimeError, match="^Duplicate action name: tool_call_action$"):
        LocalRunner(Agent().add_action("tool_call_action", [], reply_action))
