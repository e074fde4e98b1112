"""subagent.timeout-ms and cancellation (ours). Mirrors test/src/runner/internal/callTimeout.test.ts."""

import asyncio

from agentparity_ref.plan import Agent, AgentConfiguration, build_plan
from agentparity_ref.resources import ResourceType
from agentparity_ref.runner import LocalRunner
from agentparity_ref.runtime import INPUT_EVENT, GenericEvent, MemoryStore, OutputEvent


def _calling(name: str):  # noqa: ANN202
    async def call(event, ctx) -> None:  # noqa: ANN001
        result = await ctx.get_resource(name, ResourceType.AGENT).submit(ctx, event.input)
        ctx.send_event(OutputEvent(result.result if result.success else f"failed:{result.error_message}"))

    return call


def _run_with(agent: Agent, config: dict):  # noqa: ANN202
    return asyncio.run(LocalRunner(build_plan(agent, config=AgentConfiguration(config)), MemoryStore()).run([1], ["k"]))[0]


def test_a_call_not_completed_in_time_fails_its_scope_is_cancelled_and_its_waiting_events_are_dropped() -> None:
    seen: list[str] = []

    async def hang(event, ctx) -> None:  # noqa: ANN001
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            seen.append("hang cancelled")
            raise
        ctx.send_event(OutputEvent("late"))

    def next_(event, ctx) -> None:  # noqa: ANN001
        seen.append("next")
        ctx.send_event(OutputEvent("next ran"))

    child = (
        Agent("Slow")
        .add_action("first", [INPUT_EVENT], lambda e, ctx: ctx.send_event(GenericEvent("_next", {})))
        .add_action("hang", [INPUT_EVENT], hang)
        .add_action("next", ["_next"], next_)
    )
    parent = Agent("Parent").add_resource("child", ResourceType.AGENT, child).add_action("call", [INPUT_EVENT], _calling("child"))
    run = _run_with(parent, {"subagent.timeout-ms": 30})
    assert run.error is None
    assert run.outputs == ["failed:Sub-agent call timed out after 30 ms"]
    [call] = run.calls
    assert [call.scope, call.cancelled, call.error, call.outputs, [e.delegate.type for e in call.trace]] == ["child", True, None, [], ["_input_event"]]
    assert seen == ["hang cancelled"]
    assert [e.type for e in run.trace] == ["_input_event", "_output_event"]


def test_a_cancelled_caller_cancels_every_running_child_scope_however_deep() -> None:
    async def hang(event, ctx) -> None:  # noqa: ANN001
        await asyncio.Event().wait()

    deep = Agent("Deep").add_action("hang", [INPUT_EVENT], hang)
    middle = Agent("Middle").add_resource("deep", ResourceType.AGENT, deep).add_action("relay", [INPUT_EVENT], _calling("deep"))
    parent = Agent("Parent").add_resource("middle", ResourceType.AGENT, middle).add_action("call", [INPUT_EVENT], _calling("middle"))
    run = _run_with(parent, {"subagent.timeout-ms": 40})
    assert run.outputs == ["failed:Sub-agent call timed out after 40 ms"]
    assert sorted([c.scope, c.cancelled, c.error, c.outputs] for c in run.calls) == [["deep", True, None, []], ["middle", True, None, []]]


def test_a_call_completed_in_time_is_left_as_it_is_and_a_limit_that_is_not_positive_is_refused() -> None:
    echo = Agent("Echo").add_action("echo", [INPUT_EVENT], lambda e, ctx: ctx.send_event(OutputEvent(f"echo:{e.input}")))

    def parent() -> Agent:
        return Agent("Parent").add_resource("child", ResourceType.AGENT, echo).add_action("call", [INPUT_EVENT], _calling("child"))

    run = _run_with(parent(), {"subagent.timeout-ms": 60000})
    assert [run.outputs, [c.cancelled for c in run.calls]] == [[["echo:1"]], [False]]
    assert str(_run_with(parent(), {"subagent.timeout-ms": 0}).error) == "subagent.timeout-ms must be positive"
