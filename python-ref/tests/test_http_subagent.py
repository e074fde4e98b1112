"""The HTTP sub-agent against a local server, with durable recording of its result."""

import asyncio

from agentparity_ref.plan import DEFAULT_REGISTRY, Agent
from agentparity_ref.runner import AgentResources
from agentparity_ref.runtime import ActionContext, MemoryStore, SessionIds
from agentparity_ref.setups import HttpSubagentSetup, start_subagent_server


def _context(store: MemoryStore) -> ActionContext:
    return ActionContext(AgentResources.of_agent(Agent(), DEFAULT_REGISTRY), store, "order-1/3", SessionIds("order-1"), lambda event: None)


async def _call(setup: HttpSubagentSetup, ctx: ActionContext, prompt: object) -> object:
    return await (await setup.submit(ctx, prompt))


def test_posts_the_prompt_and_session_and_returns_the_answer() -> None:
    server = start_subagent_server(lambda prompt, session: {"echo": prompt, "session": session})
    try:
        setup = HttpSubagentSetup(endpoint=server.url, description="Echoes.", input_schema='{"type":"object"}')
        result = asyncio.run(_call(setup, _context(MemoryStore()), {"question": "why?"}))
        assert result.success and result.result == {"echo": {"question": "why?"}, "session": "order-1.session-1"}
        assert server.calls == [{"prompt": {"question": "why?"}, "session": "order-1.session-1"}]
    finally:
        server.close()


def test_a_restarted_run_replays_the_recorded_result_without_calling_again() -> None:
    server = start_subagent_server(lambda prompt, session: {"n": len(server.calls)})
    try:
        store = MemoryStore()
        setup = HttpSubagentSetup(endpoint=server.url)
        first = asyncio.run(_call(setup, _context(store), "go"))
        again = asyncio.run(_call(setup, _context(store), "go"))
        assert first.result == again.result == {"n": 1}
        assert len(server.calls) == 1
        assert store.keys() == ["order-1/3/0"]
    finally:
        server.close()


def test_an_endpoint_failure_is_a_failed_result_and_is_recorded() -> None:
    def refuse(prompt: object, session: str) -> object:
        raise ValueError("quota exceeded")

    server = start_subagent_server(refuse)
    try:
        store = MemoryStore()
        result = asyncio.run(_call(HttpSubagentSetup(endpoint=server.url), _context(store), "go"))
        assert not result.success
        assert result.error_message is not None and result.error_message.startswith("RuntimeError: ")
        assert "500" in result.error_message and "quota exceeded" in result.error_message
        assert asyncio.run(_call(HttpSubagentSetup(endpoint=server.url), _context(store), "go")) == result
        assert len(server.calls) == 1
    finally:
        server.close()


def test_concurrent_calls_overlap() -> None:
    import threading

    # Each call waits for the other at a barrier: both succeed only if they are in flight together.
    barrier = threading.Barrier(2, timeout=10)

    def meet(prompt: object, session: str) -> object:
        barrier.wait()
        return prompt

    server = start_subagent_server(meet)
    try:
        setup = HttpSubagentSetup(endpoint=server.url)
        ctx = _context(MemoryStore())

        async def both() -> list[object]:
            futures = [await setup.submit(ctx, "a"), await setup.submit(ctx, "b")]
            return [(await f).result for f in futures]

        assert asyncio.run(both()) == ["a", "b"]
    finally:
        server.close()


def test_a_function_sub_agent_records_its_result_and_a_throw_becomes_a_failed_result() -> None:
    from agentparity_ref.setups import FunctionSubagentSetup

    calls: list[object] = []

    async def work(prompt: object, session: str) -> object:
        calls.append(prompt)
        if prompt == "bad":
            raise LookupError("nothing for bad")
        return {"seen": prompt, "session": session}

    store = MemoryStore()
    setup = FunctionSubagentSetup(run=work, input_schema='{"type":"object"}')
    first = asyncio.run(_call(setup, _context(store), "go"))
    assert first.result == {"seen": "go", "session": "order-1.session-1"}
    assert asyncio.run(_call(setup, _context(store), "go")) == first
    failed = asyncio.run(_call(setup, _context(MemoryStore()), "bad"))
    assert (failed.success, failed.error_message) == (False, "LookupError: nothing for bad")
    assert calls == ["go", "bad"]
    assert setup.model_dump() == {"description": "", "input_schema": '{"type":"object"}'}
