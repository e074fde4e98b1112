"""RunnerContext.get_config (reference §4.3). Mirrors test/src/runtime/readableConfiguration.test.ts."""

import asyncio

from agentparity_ref.plan import Agent, AgentConfiguration, InternalSubagentSetup, build_plan
from agentparity_ref.resources import ResourceType
from agentparity_ref.runner import LocalRunner
from agentparity_ref.runtime import INPUT_EVENT, MemoryStore, OutputEvent, ReadableConfiguration


def _seen(ctx) -> list:  # noqa: ANN001
    return [ctx.get_config().get_str("who", "<none>"), ctx.get_config().get_int("n", -1)]


def test_the_plans_configuration_and_inside_a_scope_the_child_plans() -> None:
    child = build_plan(
        Agent("Child").add_action("look", [INPUT_EVENT], lambda e, ctx: ctx.send_event(OutputEvent(_seen(ctx)))),
        config=AgentConfiguration({"who": "child"}),
    )

    async def call(event, ctx) -> None:  # noqa: ANN001
        before = _seen(ctx)
        result = await ctx.get_resource("child", ResourceType.AGENT).submit(ctx, 0)
        ctx.send_event(OutputEvent([before, result.result, _seen(ctx)]))

    setup = InternalSubagentSetup(description="", child_plan=child, scope="child")
    parent = Agent("Parent").add_resource("child", ResourceType.AGENT, setup).add_action("call", [INPUT_EVENT], call)
    plan = build_plan(parent, config=AgentConfiguration({"who": "root", "n": 3}))
    [run] = asyncio.run(LocalRunner(plan, MemoryStore()).run([0]))
    assert run.error is None
    assert run.outputs == [[["root", 3], [["child", -1]], ["root", 3]]]


def test_a_typed_value_only_when_it_has_that_type_else_the_default() -> None:
    config = ReadableConfiguration({"n": 2, "f": 2.5, "b": True, "s": "x"})
    got = [config.get_int("n"), config.get_int("f", 0), config.get_bool("b"), config.get_bool("s", False), config.get_str("s"), config.get("missing", "d"), config.get("f")]
    assert got == [2, 0, True, False, "x", "d", 2.5]
