"""The OpenAI-compatible connection against a local stub that answers each case: retries of 429
and 5xx with bounded backoff honouring Retry-After, failures without an answer, and what an answer
says of itself. Mirrors `test/src/chat/openAiConnectionFailures.test.ts`; waits are recorded, not slept."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Iterator
from typing import Any

import pytest

from agentparity_ref.chat import ChatEndpointError, ChatMessage, OpenAiConnection
from helpers.openai_stub import OpenAiStub, openai_stub


@pytest.fixture
def stub() -> Iterator[tuple[OpenAiStub, str]]:
    with openai_stub() as served:
        yield served


def _answer(content: Any, finish: str = "stop", **extra: Any) -> dict[str, Any]:
    message = {"role": "assistant", "content": content, **extra}
    return {"body": {"choices": [{"index": 0, "message": message, "finish_reason": finish}], "usage": {"prompt_tokens": 3, "completion_tokens": 2}}}


def _connect(base_url: str, **options: Any) -> tuple[OpenAiConnection, list[float]]:
    waits: list[float] = []
    return OpenAiConnection(base_url, sleep=waits.append, **options), waits


def _ask(connection: OpenAiConnection) -> ChatMessage:
    return asyncio.run(connection.chat("m", [ChatMessage("user", "hi")], []))


def test_asks_again_after_a_429_waiting_what_retry_after_says(stub: tuple[OpenAiStub, str]) -> None:
    state, base_url = stub
    state.script = [{"status": 429, "headers": {"retry-after": "2"}, "body": "slow down"}, _answer("fine")]
    connection, waits = _connect(base_url)
    assert _ask(connection).content == "fine"
    assert (waits, len(state.auth)) == ([2.0], 2)


def test_backs_off_exponentially_on_5xx_and_gives_up_after_the_retries_with_the_last_answer(stub: tuple[OpenAiStub, str]) -> None:
    state, base_url = stub
    state.script = [{"status": 503}, {"status": 502}, {"status": 500}, {"status": 500, "body": "still down"}]
    connection, waits = _connect(base_url)
    with pytest.raises(ChatEndpointError) as raised:
        _ask(connection)
    assert str(raised.value) == f'{base_url}/chat/completions answered 500: "still down"'
    assert raised.value.status == 500
    assert (waits, len(state.auth)) == ([0.5, 1.0, 2.0], 4)


def test_never_waits_longer_than_the_backoff_allows_and_does_not_retry_other_failures(stub: tuple[OpenAiStub, str]) -> None:
    state, base_url = stub
    state.script = [{"status": 429, "headers": {"retry-after": "120"}}, {"status": 400, "body": "bad request"}]
    connection, waits = _connect(base_url, backoff_s=(0.01, 0.05))
    with pytest.raises(ChatEndpointError) as raised:
        _ask(connection)
    assert str(raised.value) == f'{base_url}/chat/completions answered 400: "bad request"'
    assert (waits, len(state.auth)) == ([0.05], 2)


def test_names_the_url_when_the_endpoint_does_not_answer_in_time(stub: tuple[OpenAiStub, str]) -> None:
    state, base_url = stub
    state.script = [{"hang": True}]
    with pytest.raises(ChatEndpointError) as raised:
        _ask(_connect(base_url, timeout_s=0.1)[0])
    assert str(raised.value) == f"{base_url}/chat/completions did not answer: no answer within 100 ms"


def test_names_the_url_when_the_connection_is_refused() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(ChatEndpointError) as raised:
        _ask(_connect(f"http://127.0.0.1:{port}/v1")[0])
    assert str(raised.value) == f"http://127.0.0.1:{port}/v1/chat/completions did not answer: connection failed (ECONNREFUSED)"


def test_keeps_finish_reason_usage_and_a_refusal_with_the_answer(stub: tuple[OpenAiStub, str]) -> None:
    state, base_url = stub
    state.script = [_answer(None, refusal="I cannot help with that.")]
    message = _ask(_connect(base_url)[0])
    assert message.content == ""
    assert list(message.extra_args.items()) == [
        ("finish_reason", "stop"),
        ("usage", {"prompt_tokens": 3, "completion_tokens": 2}),
        ("refusal", "I cannot help with that."),
    ]


def test_refuses_an_answer_cut_off_at_the_length_limit_keeping_it_as_the_partial_answer(stub: tuple[OpenAiStub, str]) -> None:
    state, base_url = stub
    state.script = [_answer("The tide is", "length")]
    with pytest.raises(ChatEndpointError) as raised:
        _ask(_connect(base_url)[0])
    assert str(raised.value) == f'{base_url}/chat/completions cut the answer off at its length limit (finish_reason "length")'
    assert raised.value.partial is not None and raised.value.partial.content == "The tide is"
    assert raised.value.partial.extra_args["finish_reason"] == "length"


def test_reads_openai_base_url_and_openai_api_key_when_they_are_not_given(stub: tuple[OpenAiStub, str], monkeypatch: pytest.MonkeyPatch) -> None:
    state, base_url = stub
    monkeypatch.setenv("OPENAI_BASE_URL", base_url)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-env")
    state.script = [_answer("from env"), _answer("given")]
    assert _ask(OpenAiConnection()).content == "from env"
    assert _ask(OpenAiConnection(base_url, "sk-given")).content == "given"
    assert state.auth == ["Bearer sk-from-env", "Bearer sk-given"]
