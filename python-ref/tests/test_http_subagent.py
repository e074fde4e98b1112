"""The HTTP sub-agent against a local server, with durable recording of its result."""

import asyncio
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from agentparity_ref.plan import DEFAULT_REGISTRY, Agent
from agentparity_ref.runner import AgentResources
from agentparity_ref.runtime import ActionContext, DurableRecord, DurableStart, MemoryStore, SessionIds
from agentparity_ref.setups import FunctionSubagentSetup, HttpSubagentSetup, start_subagent_server


def _context(store: MemoryStore) -> ActionContext:
    return ActionContext(AgentResources.of_agent(Agent(), DEFAULT_REGISTRY), store, "order-1/3", SessionIds("order-1"), lambda event: None)


async def _call(setup: HttpSubagentSetup, ctx: ActionContext, prompt: object) -> object:
    return await (await setup.submit(ctx, prompt))


def test_posts_the_prompt_and_session_and_returns_the_answer() -> None:
    server = start_subagent_server(lambda prompt, session, key: {"echo": prompt, "session": session})
    try:
        setup = HttpSubagentSetup(endpoint=server.url, description="Echoes.", input_schema='{"type":"object"}')
        result = asyncio.run(_call(setup, _context(MemoryStore()), {"question": "why?"}))
        assert result.success and result.result == {"echo": {"question": "why?"}, "session": "order-1.session-1"}
        assert server.calls == [
            {"prompt": {"question": "why?"}, "session": "order-1.session-1", "invocation_id": "order-1.session-1#order-1.session-1"}
        ]
    finally:
        server.close()


def test_a_restarted_run_replays_the_recorded_result_without_calling_again() -> None:
    server = start_subagent_server(lambda prompt, session, key: {"n": len(server.calls)})
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
    def refuse(prompt: object, session: str, key: str | None) -> object:
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

    def meet(prompt: object, session: str, key: str | None) -> object:
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


class _DiesBeforeRecord(MemoryStore):
    """Loses the outcome of every call: the process "dies" between the endpoint's answer and the
    record, so the next run on the store finds the call started and not completed."""

    def put(self, key: str, record: DurableRecord) -> None:
        raise RuntimeError("killed before the record")


KEY = "order-1.session-1#order-1.session-1"


def _interrupted(setup: HttpSubagentSetup, store: MemoryStore) -> None:
    lost = _DiesBeforeRecord()
    with pytest.raises(RuntimeError, match="killed before the record"):
        asyncio.run(_call(setup, _context(lost), "go"))
    started = lost.started("order-1/3/0")
    assert started is not None
    store.start("order-1/3/0", started)


def test_the_invocation_id_goes_as_the_idempotency_key_header_and_in_the_body() -> None:
    seen: list[tuple[str | None, str]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - the stdlib's name
            seen.append((self.headers.get("idempotency-key"), self.rfile.read(int(self.headers["content-length"])).decode()))
            self.send_response(200)
            self.send_header("content-length", "4")
            self.end_headers()
            self.wfile.write(b'"ok"')

        def log_message(self, *args: Any) -> None:
            pass

    raw = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=raw.serve_forever, daemon=True).start()
    try:
        setup = HttpSubagentSetup(endpoint=f"http://127.0.0.1:{raw.server_address[1]}/run")

        async def call() -> object:
            return await (await setup.submit(_context(MemoryStore()), "go", "sess-9", "call-2"))

        assert asyncio.run(call()).result == "ok"
        assert seen == [("sess-9#call-2", '{"prompt": "go", "session": "sess-9", "invocation_id": "sess-9#call-2"}')]
    finally:
        raw.shutdown()
        raw.server_close()


def test_an_interrupted_call_takes_the_outcome_the_status_url_gives_without_posting_again() -> None:
    executions: list[str | None] = []
    server = start_subagent_server(lambda prompt, session, key: executions.append(key) or {"n": len(executions)})
    try:
        setup, store = HttpSubagentSetup(endpoint=server.url), MemoryStore()
        _interrupted(setup, store)
        recovered = asyncio.run(_call(setup, _context(store), "go"))
        assert (recovered.success, recovered.result) == (True, {"n": 1})
        assert executions == [KEY] and len(server.calls) == 1
        assert store.keys() == ["order-1/3/0"]
    finally:
        server.close()


def test_a_failed_answer_from_the_status_url_is_the_same_failed_result() -> None:
    def refuse(prompt: object, session: str, key: str | None) -> object:
        raise ValueError("quota exceeded")

    server = start_subagent_server(refuse)
    try:
        setup, store = HttpSubagentSetup(endpoint=server.url), MemoryStore()
        _interrupted(setup, store)
        recovered = asyncio.run(_call(setup, _context(store), "go"))
        assert recovered.error_message == f'RuntimeError: {server.url} answered 500: "quota exceeded"'
        assert len(server.calls) == 1
    finally:
        server.close()


def test_a_restart_waits_while_the_status_says_the_call_is_still_running() -> None:
    gate = threading.Event()
    server = start_subagent_server(lambda prompt, session, key: gate.wait(10) and "late")
    try:
        setup, store = HttpSubagentSetup(endpoint=server.url, timeout_s=10), MemoryStore()

        async def both() -> list[object]:
            first = await setup.submit(_context(store), "go")
            while not server.calls:
                await asyncio.sleep(0.005)
            second = await setup.submit(_context(store), "go")
            threading.Timer(0.15, gate.set).start()
            return [(await second).result, (await first).result]

        assert asyncio.run(both()) == ["late", "late"]
        assert len(server.calls) == 1
    finally:
        server.close()


def test_a_call_the_endpoint_never_received_is_posted() -> None:
    server = start_subagent_server(lambda prompt, session, key: "fresh")
    try:
        store = MemoryStore()
        store.start("order-1/3/0", DurableStart("http_subagent", KEY))
        assert asyncio.run(_call(HttpSubagentSetup(endpoint=server.url), _context(store), "go")).result == "fresh"
        assert [c["invocation_id"] for c in server.calls] == [KEY]
    finally:
        server.close()


def test_an_unknown_outcome_fails_closed_by_default_and_is_recorded() -> None:
    server = start_subagent_server(lambda prompt, session, key: "done", status=False)
    try:
        setup, store = HttpSubagentSetup(endpoint=server.url), MemoryStore()
        _interrupted(setup, store)
        recovered = asyncio.run(_call(setup, _context(store), "go"))
        assert (recovered.success, recovered.error_message) == (False, f"Sub-agent call {KEY} has an unknown outcome after a restart")
        assert asyncio.run(_call(setup, _context(store), "go")) == recovered
        assert len(server.calls) == 1
    finally:
        server.close()


def test_repeat_posts_again_under_the_same_key_which_the_endpoint_answers_from_its_first_execution() -> None:
    executions: list[str | None] = []
    server = start_subagent_server(lambda prompt, session, key: executions.append(key) or {"n": len(executions)}, status=False)
    try:
        setup, store = HttpSubagentSetup(endpoint=server.url, unknown_outcome="repeat"), MemoryStore()
        _interrupted(setup, store)
        assert asyncio.run(_call(setup, _context(store), "go")).result == {"n": 1}
        assert [c["invocation_id"] for c in server.calls] == [KEY, KEY]
        assert executions == [KEY]
        assert json.loads(setup.model_dump_json()) == {"description": "", "input_schema": None, "endpoint": server.url, "timeout_s": 30.0}
    finally:
        server.close()


def test_a_function_sub_agent_repeats_an_interrupted_call_by_default_and_fails_it_closed_when_told_to() -> None:
    runs: list[object] = []

    def run(prompt: object, session: str) -> int:
        runs.append(prompt)
        return len(runs)

    store = MemoryStore()
    store.start("order-1/3/0", DurableStart("function_subagent", KEY))
    assert asyncio.run(_call(FunctionSubagentSetup(run=run), _context(store), "go")).result == 1
    closed = MemoryStore()
    closed.start("order-1/3/0", DurableStart("function_subagent", KEY))
    failed = asyncio.run(_call(FunctionSubagentSetup(run=run, unknown_outcome="fail-closed"), _context(closed), "go"))
    assert failed.error_message == f"Sub-agent call {KEY} has an unknown outcome after a restart"
    assert len(runs) == 1
