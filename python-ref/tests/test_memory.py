"""Short-term and sensory memory: the memory-object API, and memory on the local runner (per key,
per input, restored by a replay). Mirrors test/src/runtime/memory/memoryObject.test.ts."""

import asyncio
import datetime
from collections.abc import Callable

import pytest

from agentparity_ref.plan import DEFAULT_REGISTRY, Agent
from agentparity_ref.runner import AgentResources, LocalRunner
from agentparity_ref.runtime import INPUT_EVENT, GenericEvent, MemoryStore, OutputEvent
from agentparity_ref.runtime.memory.memory_object import MemoryObject
from agentparity_ref.runtime.runner_context import ActionContext, SessionIds


def _memory() -> MemoryObject:
    return ActionContext(AgentResources.of_agent(Agent(), DEFAULT_REGISTRY), MemoryStore(), "m/0", SessionIds("m"), lambda e: None).sensory_memory


def test_nested_fields_by_name_from_the_inner_object_or_by_dotted_path_from_the_outer_one() -> None:
    root = _memory()
    user = root.new_object("user")
    user.set("name", "john")
    root.set("user.age", 13)
    assert root.get("user").get("name") == "john"
    assert root.get("user.age") == 13
    assert root.get_field_names() == ["user"]
    assert user.get_field_names() == ["age", "name"]
    assert root.get_fields() == {"user": "NestedObject"}
    assert root.is_exist("user.name") and not root.is_exist("user.email")
    assert root.get("nothing") is None


def test_missing_intermediate_objects_are_made_and_a_reference_reads_the_value_back() -> None:
    root = _memory()
    ref = root.set("a.b.c", [1, 2])
    assert (ref.path, ref.type_name) == ("a.b.c", "list")
    assert root.get(ref) == [1, 2]
    assert root.get_field_names() == ["a"]
    assert root.get("a.b").get_field_names() == ["c"]


def test_memory_keeps_a_copy() -> None:
    root = _memory()
    values = [1]
    root.set("l", values)
    values.append(2)
    root.get("l").append(3)
    assert root.get("l") == [1]


def test_refusals() -> None:
    root = _memory()
    root.new_object("obj")
    root.set("val", 1)
    with pytest.raises(ValueError, match=r"^Cannot overwrite object field 'obj' with primitive\.$"):
        root.set("obj", 1)
    with pytest.raises(ValueError, match=r"^Field 'val' exists but is not object\.$"):
        root.new_object("val")
    assert root.new_object("val", overwrite=True).get_field_names() == []
    with pytest.raises(TypeError, match=r"^Do not set a MemoryObject instance directly; use new_object\(\)\.$"):
        root.set("x", root)
    with pytest.raises(TypeError, match=r"cannot keep a value of type datetime at 'y'"):
        root.set("y", datetime.datetime(2026, 1, 1))
    assert not root.is_exist("x") and not root.is_exist("y")


def _counting(stamp: Callable[[], int]) -> Agent:
    # Counts the inputs of a key in short-term memory, notes the input in sensory memory, and outputs both in a second action.
    def count(event, ctx) -> None:  # noqa: ANN001
        stm = ctx.short_term_memory
        stm.set("count", (stm.get("count") or 0) + 1)
        stm.set("stamp", stamp())
        if ctx.sensory_memory.is_exist("seen"):
            raise RuntimeError("sensory memory outlived its input")
        ctx.sensory_memory.set("seen", True)
        ctx.send_event(GenericEvent("_counted", {}))

    def report(event, ctx) -> None:  # noqa: ANN001
        stm = ctx.short_term_memory
        ctx.send_event(OutputEvent([stm.get("count"), stm.get("stamp"), ctx.sensory_memory.get("seen")]))

    return Agent("Counter").add_action("count", [INPUT_EVENT], count).add_action("report", ["_counted"], report)


def test_short_term_memory_per_key_across_inputs_and_sensory_memory_for_one_input() -> None:
    n = iter(range(1, 100))
    runs = asyncio.run(LocalRunner(_counting(lambda: next(n)), MemoryStore()).run(["a", "b", "c"], ["k", "j", "k"]))
    assert [r.error for r in runs] == [None, None, None]
    assert [r.outputs[0][0] for r in runs] == [1, 1, 2]


def test_replay_restores_what_the_first_run_recorded() -> None:
    store = MemoryStore()
    first = asyncio.run(LocalRunner(_counting(lambda: 100), store).run(["a"], ["k"]))
    replayed = asyncio.run(LocalRunner(_counting(lambda: 200), store).run(["a"], ["k"]))
    assert first[0].outputs == [[1, 100, True]]
    assert replayed[0].outputs == [[1, 100, True]]
    assert [k for k in store.keys() if k.endswith("/memory")] == ["k/0/memory"]


def test_the_writes_of_a_failing_action_are_dropped() -> None:
    def write(event, ctx) -> None:  # noqa: ANN001
        if event.input == "x":
            ctx.short_term_memory.set("half", "done")
            raise RuntimeError("stop")

    def look(event, ctx) -> None:  # noqa: ANN001
        ctx.send_event(OutputEvent(ctx.short_term_memory.is_exist("half")))

    runner = LocalRunner(Agent("Failing").add_action("write", [INPUT_EVENT], write).add_action("look", [INPUT_EVENT], look), MemoryStore())
    [run] = asyncio.run(runner.run(["x"], ["k"]))
    assert "stop" in str(run.error)
    [again] = asyncio.run(runner.run(["y"], ["k"]))
    assert again.outputs == [False]
