"""Internal sub-agents in the local runner (reference §3-4). Mirrors
test/src/runner/internal/internalSubagents.test.ts."""

import asyncio
import re

from agentparity_ref.plan import Agent, AgentConfiguration, build_plan
from agentparity_ref.resources import Prompt, ResourceType
from agentparity_ref.runner import LocalRunner
from agentparity_ref.runtime import INPUT_EVENT, GenericEvent, MemoryStore, OutputEvent
from agentparity_ref.subagent import SubagentFutures


def _echo() -> Agent:
    return Agent("Echo").add_action("echo", [INPUT_EVENT], lambda e, ctx: ctx.send_event(OutputEvent(f"echo:{e.input}")))


def _caller(child: Agent, name: str = "child") -> Agent:
    async def call(event, ctx) -> None:  # noqa: ANN001
        result = await ctx.get_resource(name, ResourceType.AGENT).submit(ctx, event.input)
        ctx.send_event(OutputEvent(result.result if result.success else f"failed:{result.error_message}"))

    return Agent("Parent").add_resource(name, ResourceType.AGENT, child).add_action("call", [INPUT_EVENT], call)


def _run(agent, value, store=None, config=None):  # noqa: ANN001, ANN202
    source = build_plan(agent, config=config) if config is not None else agent
    return asyncio.run(LocalRunner(source, store or MemoryStore()).run([value], ["k"]))[0]


def test_the_caller_gets_the_childs_accumulated_outputs() -> None:
    run = _run(_caller(_echo()), 7)
    assert run.error is None
    assert run.outputs == [["echo:7"]]
    assert [(c.scope, [t.delegate.type for t in c.trace], c.outputs) for c in run.calls] == [("child", ["_input_event"], ["echo:7"])]


def test_the_compiled_plan_runs_alike() -> None:
    assert asyncio.run(LocalRunner(build_plan(_caller(_echo())), MemoryStore()).run([7], ["k"]))[0].outputs == [["echo:7"]]


def test_a_child_failure_is_a_failed_result_and_the_scope_runs_on() -> None:
    def refuse(event, ctx) -> None:  # noqa: ANN001
        raise ValueError("child refused please")

    child = Agent("Refuser").add_action("refuse", [INPUT_EVENT], refuse).add_action("also", [INPUT_EVENT], lambda e, ctx: ctx.send_event(OutputEvent("still ran")))
    run = _run(_caller(child), 1)
    assert run.outputs == ["failed:ValueError: child refused please"]
    assert run.calls[0].outputs == ["still ran"]


def test_successive_calls_get_distinct_deterministic_ids() -> None:
    async def call(event, ctx) -> None:  # noqa: ANN001
        setup = ctx.get_resource("child", ResourceType.AGENT)
        a, b = setup.submit(ctx, 1), setup.submit(ctx, 2)
        results = await a.combine(b)
        ctx.send_event(OutputEvent([a.identity, b.identity, *(r.result for r in results)]))

    parent = Agent("Parent").add_resource("child", ResourceType.AGENT, _echo()).add_action("call", [INPUT_EVENT], call)
    first, second = _run(parent, 0), _run(parent, 0)
    a, b = first.outputs[0][:2]
    assert re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-3[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}-0#[0-9a-f-]{36}-0-1", a)
    assert b.split("#")[0] == a.split("#")[0][:-2] + "-1"
    assert second.outputs == first.outputs
    assert first.outputs[0][2:] == [["echo:1"], ["echo:2"]]


def test_a_grandchild_is_reached_through_nesting() -> None:
    async def relay(event, ctx) -> None:  # noqa: ANN001
        result = await ctx.get_resource("deep", ResourceType.AGENT).submit(ctx, f"deep:{event.input}")
        ctx.send_event(OutputEvent(f"relayed:{result.result[0]}"))

    run = _run(_caller(Agent("Relay").add_resource("deep", ResourceType.AGENT, _echo()).add_action("relay", [INPUT_EVENT], relay)), 7)
    assert run.outputs == [["relayed:echo:deep:7"]]
    assert [c.scope for c in run.calls] == ["deep", "child"]


def test_memory_is_per_call() -> None:
    def first(event, ctx) -> None:  # noqa: ANN001
        seen = ctx.short_term_memory.get("secret") or ctx.sensory_memory.get("secret") or "<missing>"
        ctx.short_term_memory.set("note", "from-write")
        ctx.send_event(OutputEvent(f"saw:{seen}"))
        ctx.send_event(GenericEvent("_next", {}))

    child = (
        Agent("Child")
        .add_action("first", [INPUT_EVENT], first)
        .add_action("second", ["_next"], lambda e, ctx: ctx.send_event(OutputEvent(f"read:{ctx.short_term_memory.get('note')}")))
    )

    async def call(event, ctx) -> None:  # noqa: ANN001
        ctx.short_term_memory.set("secret", "s")
        ctx.sensory_memory.set("secret", "s")
        one = await ctx.get_resource("child", ResourceType.AGENT).submit(ctx, 1)
        two = await ctx.get_resource("child", ResourceType.AGENT).submit(ctx, 2)
        ctx.send_event(OutputEvent([one.result, two.result, ctx.short_term_memory.is_exist("note")]))

    parent = Agent("Parent").add_resource("child", ResourceType.AGENT, child).add_action("call", [INPUT_EVENT], call)
    assert _run(parent, 0).outputs == [[["saw:<missing>", "read:from-write"], ["saw:<missing>", "read:from-write"], False]]


def test_child_events_stay_in_the_scope() -> None:
    child = (
        Agent("Child")
        .add_action("start", [INPUT_EVENT], lambda e, ctx: ctx.send_event(GenericEvent("_ping", {})))
        .add_action("pong", ["_ping"], lambda e, ctx: ctx.send_event(OutputEvent("pong")))
    )
    parent = _caller(child).add_action("parent_ping", ["_ping"], lambda e, ctx: ctx.send_event(OutputEvent("parent saw ping")))
    run = _run(parent, 0)
    assert run.outputs == [["pong"]]
    assert [e.type for e in run.trace] == ["_input_event", "_output_event"]
    assert [(e.type, e.delegate.type) for e in run.calls[0].trace] == [("InternalSubagentCallEvent", "_input_event"), ("InternalSubagentCallEvent", "_ping")]


def test_an_unresolved_handle_fails_the_action() -> None:
    parent = Agent("Parent").add_resource("child", ResourceType.AGENT, _echo())
    parent.add_action("drop", [INPUT_EVENT], lambda e, ctx: ctx.get_resource("child", ResourceType.AGENT).submit(ctx, 1) and None)
    run = _run(parent, 0)
    assert re.fullmatch(
        r"Action drop finished without resolving the sub-agent calls it submitted: \[[0-9a-f-]+-0#[0-9a-f-]+-0-1\]\. "
        r"Resolve every handle returned by submit\(\), individually or through SubagentFutures\.",
        str(run.error),
    )


def test_resources_resolve_in_the_child_then_the_root() -> None:
    def look(names: list[str]):  # noqa: ANN202
        def act(event, ctx) -> None:  # noqa: ANN001
            seen = []
            for n in names:
                try:
                    seen.append(ctx.get_resource(n, ResourceType.PROMPT).text)
                except KeyError as error:
                    seen.append(error.args[0])
            ctx.send_event(OutputEvent(seen))

        return act

    async def down(event, ctx) -> None:  # noqa: ANN001
        ctx.send_event(OutputEvent((await ctx.get_resource("g", ResourceType.AGENT).submit(ctx, 0)).result))

    grandchild = Agent("Grand").add_action("look", [INPUT_EVENT], look(["mine", "middle", "top"]))
    child = (
        Agent("Child")
        .add_resource("mine", ResourceType.PROMPT, Prompt.from_text("child-mine"))
        .add_resource("middle", ResourceType.PROMPT, Prompt.from_text("child-middle"))
        .add_resource("g", ResourceType.AGENT, grandchild)
        .add_action("look", [INPUT_EVENT], look(["mine", "top"]))
        .add_action("down", [INPUT_EVENT], down)
    )
    parent = _caller(child).add_resource("mine", ResourceType.PROMPT, Prompt.from_text("root-mine"))
    parent.add_resource("top", ResourceType.PROMPT, Prompt.from_text("root-top"))
    assert _run(parent, 0).outputs == [[["child-mine", "root-top"], [["root-mine", "Resource not found: middle of type prompt", "root-top"]]]]


def test_parallelism_bounds_a_batch_and_results_come_in_handle_order() -> None:
    # A call finishes when released: the latest started first, one whenever the limit is reached or
    # every call has started. The calls finish out of handle order and the peak is reached by no clock.
    state = {"running": 0, "peak": 0, "started": 0}
    waiting: list[asyncio.Future[None]] = []

    def release_one() -> None:
        if waiting:
            waiting.pop().set_result(None)

    async def work(event, ctx) -> None:  # noqa: ANN001
        state["running"] += 1
        state["started"] += 1
        state["peak"] = max(state["peak"], state["running"])
        released: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        waiting.append(released)
        if state["running"] == 3 or state["started"] == 7:
            release_one()
        await released
        state["running"] -= 1
        if state["started"] == 7:
            release_one()
        ctx.send_event(OutputEvent(event.input))

    async def fan(event, ctx) -> None:  # noqa: ANN001
        setup = ctx.get_resource("slow", ResourceType.AGENT)
        results = await SubagentFutures(*(setup.submit(ctx, n) for n in range(7)))
        ctx.send_event(OutputEvent([r.result[0] for r in results]))

    parent = Agent("Parent").add_resource("slow", ResourceType.AGENT, Agent("Slow").add_action("work", [INPUT_EVENT], work)).add_action("fan", [INPUT_EVENT], fan)
    run = _run(parent, 0, config=AgentConfiguration({"subagent.parallelism": 3}))
    assert run.outputs == [[0, 1, 2, 3, 4, 5, 6]]
    assert state["peak"] == 3


def test_a_group_is_checked_before_any_call_starts() -> None:
    async def fan(event, ctx) -> None:  # noqa: ANN001
        setup = ctx.get_resource("child", ResourceType.AGENT)
        await SubagentFutures(*(setup.submit(ctx, n) for n in (1, 2, 3)))

    parent = Agent("Parent").add_resource("child", ResourceType.AGENT, _echo()).add_action("fan", [INPUT_EVENT], fan)
    big = _run(parent, 0, config=AgentConfiguration({"subagent.max-batch-size": 2}))
    assert (str(big.error), len(big.calls)) == ("Sub-agent batch size 3 exceeds subagent.max-batch-size 2", 0)
    zero = _run(parent, 0, config=AgentConfiguration({"subagent.parallelism": 0}))
    assert (str(zero.error), len(zero.calls)) == ("subagent.max-batch-size and subagent.parallelism must be positive", 0)


def test_a_recorded_call_replays_instead_of_running_the_child_again() -> None:
    runs = []

    def count(event, ctx) -> None:  # noqa: ANN001
        runs.append(1)
        ctx.send_event(OutputEvent("counted"))

    store = MemoryStore()
    counted = Agent("Counted").add_action("count", [INPUT_EVENT], count)
    first, second = _run(_caller(counted), 0, store), _run(_caller(counted), 0, store)
    assert (first.outputs, second.outputs, len(runs)) == ([["counted"]], [["counted"]], 1)
