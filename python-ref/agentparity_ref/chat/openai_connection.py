"""A real OpenAI-compatible chat-completions endpoint over HTTP (urllib, in a worker thread)."""

from __future__ import annotations

import asyncio
import errno
import json
import os
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping
from email.utils import parsedate_to_datetime
from typing import Any

from .chat_message import ChatMessage, as_object
from .tool_call import read_tool_call, tool_call
from ..errors import AgentparityError, InvalidValueError


OPENAI_BASE_URL = "https://api.openai.com/v1"
_DEFAULT_BACKOFF_S = (0.5, 8.0)


class ChatEndpointError(AgentparityError, ValueError):
    """A failure of the endpoint, with the HTTP status when there was one, and the answer as far as
    it came when the endpoint cut it off (`finish_reason` `length`)."""

    def __init__(self, message: str, status: int | None = None, partial: ChatMessage | None = None, *, code: str) -> None:
        super().__init__(message, code=code)
        self.status = status
        self.partial = partial


def _is_retried(status: int) -> bool:
    return status == 429 or status >= 500


def _retry_after_s(header: str | None) -> float | None:
    """`Retry-After` in seconds or as an HTTP date; None when absent or unreadable."""
    if header is None or header.strip() == "":
        return None
    try:
        return max(0.0, float(header))
    except ValueError:
        pass
    try:
        return max(0.0, parsedate_to_datetime(header).timestamp() - time.time())
    except (TypeError, ValueError):
        return None


def _transport_failure(url: str, error: OSError, timeout_s: float) -> ChatEndpointError:
    """Why a request got no answer at all, named the same way in both languages."""
    reason: object = error.reason if isinstance(error, urllib.error.URLError) else error
    if isinstance(reason, TimeoutError):
        return ChatEndpointError(f"{url} did not answer: no answer within {timeout_s * 1000:g} ms", code="CHAT_ENDPOINT_TIMEOUT")
    code = errno.errorcode.get(reason.errno or 0) if isinstance(reason, OSError) else None
    return ChatEndpointError(f"{url} did not answer: connection failed ({code or reason})", code="CHAT_ENDPOINT_UNREACHABLE")


def _to_wire_message(message: ChatMessage) -> dict[str, Any]:
    # OpenAI carries tool-call arguments as a JSON string and a tool result's call id at the top level.
    wire: dict[str, Any] = {"role": message.role, "content": message.content}
    if message.tool_calls:
        calls = []
        for tree in message.tool_calls:
            call = read_tool_call(tree)
            args = call.arguments if isinstance(call.arguments, str) else json.dumps(call.arguments, ensure_ascii=False)
            calls.append(tool_call(call.id, call.name, args))
        wire["tool_calls"] = calls
    call_id = message.extra_args.get("tool_call_id")
    if message.role == "tool" and isinstance(call_id, str):
        wire["tool_call_id"] = call_id
    return wire


def _parse_arguments(text: Any) -> Any:
    # Arguments that are not valid JSON stay text: dispatch reports them as not an object.
    if not isinstance(text, str):
        return text
    try:
        return json.loads(text)
    except ValueError:
        return text


def _from_wire_answer(choice: dict[str, Any], usage: Any) -> ChatMessage:
    """The answer, with what the endpoint said about it kept in `extra_args`: `finish_reason`, the
    response's `usage`, and the model's `refusal` when it gave one."""
    message = as_object(choice.get("message"), "choices[0].message")
    content = message.get("content")
    calls = message.get("tool_calls")
    tool_calls = []
    if isinstance(calls, list):
        for i, c in enumerate(calls):
            call = read_tool_call(c, f"choices[0].message.tool_calls[{i}]")
            tool_calls.append(tool_call(call.id, call.name, _parse_arguments(call.arguments)))
    extra: dict[str, Any] = {}
    if isinstance(choice.get("finish_reason"), str):
        extra["finish_reason"] = choice["finish_reason"]
    if usage is not None:
        extra["usage"] = usage
    if isinstance(message.get("refusal"), str):
        extra["refusal"] = message["refusal"]
    return ChatMessage("assistant", content if isinstance(content, str) else "", tool_calls, extra)


class OpenAiConnection:
    """A 429 or 5xx answer is asked again with bounded exponential backoff (`backoff_s` is the first
    wait and the longest), waiting what `Retry-After` says when it says; no answer at all (a
    timeout, a refused connection) is a `ChatEndpointError` naming the URL. An answer cut off at the
    length limit is refused, not taken as final. `base_url` and `api_key` default to
    `OPENAI_BASE_URL` (else OpenAI's own) and `OPENAI_API_KEY`; `sleep` is injectable for tests."""

    def __init__(
        self,
        base_url: str | None = None,
        api_key: str | None = None,
        timeout_s: float = 60.0,
        retries: int = 3,
        backoff_s: tuple[float, float] = _DEFAULT_BACKOFF_S,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self._base_url = (base_url or os.environ.get("OPENAI_BASE_URL") or OPENAI_BASE_URL).rstrip("/")
        self._api_key = api_key if api_key is not None else os.environ.get("OPENAI_API_KEY")
        self._timeout_s = timeout_s
        self._retries = retries
        self._backoff_s = backoff_s
        self._sleep = sleep

    @staticmethod
    def from_arguments(arguments: Mapping[str, Any], name: str) -> OpenAiConnection:
        """From a descriptor's arguments: ``base_url``, ``api_key`` (optional), ``timeout`` (seconds, 60 by default)."""

        def fail(message: str) -> ValueError:
            return InvalidValueError(f"Chat model connection '{name}': {message}", code="CHAT_CONNECTION_ARGUMENT")

        for key in arguments:
            if key not in ("base_url", "api_key", "timeout"):
                raise fail(f"unknown argument '{key}'")
        base_url = arguments.get("base_url")
        if not isinstance(base_url, str) or base_url == "":
            raise fail("'base_url' must be a non-empty string")
        api_key = arguments.get("api_key")
        if api_key is not None and not isinstance(api_key, str):
            raise fail("'api_key' must be a string")
        timeout = arguments.get("timeout", 60)
        if not isinstance(timeout, int | float) or isinstance(timeout, bool) or not timeout > 0:
            raise fail("'timeout' must be a positive number of seconds")
        return OpenAiConnection(base_url, api_key, timeout)

    async def chat(self, model: str, messages: list[ChatMessage], tools: list[Any]) -> ChatMessage:
        body: dict[str, Any] = {"model": model, "messages": [_to_wire_message(m) for m in messages]}
        if tools:
            body["tools"] = list(tools)
        return await asyncio.to_thread(self._post, body)

    def _post(self, body: dict[str, Any]) -> ChatMessage:
        url = f"{self._base_url}/chat/completions"
        headers = {"content-type": "application/json"}
        if self._api_key is not None:
            headers["authorization"] = f"Bearer {self._api_key}"
        data = json.dumps(body, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")
        status, text = self._answer(url, headers, data)
        try:
            tree = json.loads(text)
        except ValueError as error:
            raise ChatEndpointError(f"{url} answered with text that is not JSON: {error}", status, code="CHAT_ENDPOINT_NOT_JSON") from error
        response = as_object(tree, "response")
        choices = response.get("choices")
        if not isinstance(choices, list) or not choices:
            raise ChatEndpointError(f"{url} answered without choices", status, code="CHAT_ENDPOINT_NO_CHOICES")
        answer = _from_wire_answer(as_object(choices[0], "choices[0]"), response.get("usage"))
        if answer.extra_args.get("finish_reason") == "length":
            raise ChatEndpointError(f'{url} cut the answer off at its length limit (finish_reason "length")', status, answer, code="CHAT_ENDPOINT_LENGTH")
        return answer

    def _answer(self, url: str, headers: dict[str, str], data: bytes) -> tuple[int, str]:
        """One answer that is not a 429 or 5xx, or the last one after the retries."""
        initial, longest = self._backoff_s
        attempt = 0
        while True:
            request = urllib.request.Request(url, data=data, headers=headers, method="POST")
            try:
                with urllib.request.urlopen(request, timeout=self._timeout_s) as response:
                    return response.status, response.read().decode("utf-8")
            except urllib.error.HTTPError as error:
                text = error.read().decode("utf-8", "replace")
                if not _is_retried(error.code) or attempt >= self._retries:
                    raise ChatEndpointError(f"{url} answered {error.code}: {text[:500]}", error.code, code="CHAT_ENDPOINT_STATUS") from error
                wait = _retry_after_s(error.headers.get("retry-after"))
            except OSError as error:  # URLError, a timeout, a reset: no answer at all
                raise _transport_failure(url, error, self._timeout_s) from error
            self._sleep(min(initial * 2**attempt if wait is None else wait, longest))
            attempt += 1
