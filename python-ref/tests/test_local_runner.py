"""The local runner: events in order, outputs collected, replay on the same store."""

import asyncio

import pytest

from agentparity_ref.runtime import Agent, LocalRunner, MemoryStore, durable
from agentparity_ref.runtime.events import INPUT_EVENT, GenericEvent, OutputEvent


def _shouting(calls: list[str]) -> Agent:
    async def shout(event, ctx) -> None:  # noqa: ANN001
        if event.input == "bad":
            raise ValueError("cannot shout that")

        async def upper() -> str:
            calls.append(event.input)
            return event.input.upper()

        loud = await ctx.durable_execute_async(durable("upper", upper))
        ctx.send_event(GenericEvent("_shouted", {"text": loud}))

    def reply(event, ctx) -> None:  # noqa: ANN001
        ctx.send_event(OutputEvent(f"{event.attributes()['text']}! ({ctx.next_session_id()})"))

    return Agent().on("shout", [INPUT_EVENT], shout).on("reply", ["_shouted"], reply)


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


def test_reports_a_failing_input_and_still_runs_the_others() -> None:
    runs = asyncio.run(LocalRunner(_shouting([]), MemoryStore()).run(["bad", "ok"]))
    assert str(runs[0].error) == "cannot shout that"
    assert runs[1].outputs == ["OK! (input-1.session-1)"]


def test_stops_the_whole_run_on_a_cancellation() -> None:
    def stop(event, ctx) -> None:  # noqa: ANN001
        raise asyncio.CancelledError()

    with pytest.raises(asyncio.CancelledError):
        asyncio.run(LocalRunner(Agent().on("stop", [INPUT_EVENT], stop), MemoryStore()).run(["a", "b"]))


def test_refuses_two_actions_under_one_name() -> None:
    with pytest.raises(ValueError, match="Duplicate action name: a"):
        Agent().on("a", [], lambda e, c: None).on("a", [], lambda e, c: None)
