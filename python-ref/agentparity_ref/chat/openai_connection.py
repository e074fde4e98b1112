"""A real OpenAI-compatible chat-completions endpoint over HTTP (urllib, in a worker thread)."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from collections.abc import Mapping
from typing import Any

from .chat_message import ChatMessage, as_object
from .tool_call import read_tool_call, tool_call


class ChatEndpointError(ValueError):
    """A failure of the endpoint, with the HTTP status when there was one."""

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status


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


def _from_wire_message(tree: Any) -> ChatMessage:
    message = as_object(tree, "choices[0].message")
    content = message.get("content")
    calls = message.get("tool_calls")
    tool_calls = []
    if isinstance(calls, list):
        for i, c in enumerate(calls):
            call = read_tool_call(c, f"choices[0].message.tool_calls[{i}]")
            tool_calls.append(tool_call(call.id, call.name, _parse_arguments(call.arguments)))
    return ChatMessage("assistant", content if isinstance(content, str) else "", tool_calls)


class OpenAiConnection:
    def __init__(self, base_url: str, api_key: str | None = None, timeout_s: float = 60.0) -> None:
        self._base_url = base_url.rstrip("/")
        self._api_key = api_key
        self._timeout_s = timeout_s

    @staticmethod
    def from_arguments(arguments: Mapping[str, Any], name: str) -> OpenAiConnection:
        """From a descriptor's arguments: ``base_url``, ``api_key`` (optional), ``timeout`` (seconds, 60 by default)."""

        def fail(message: str) -> ValueError:
            return ValueError(f"Chat model connection '{name}': {message}")

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
        request = urllib.request.Request(url, data=data, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=self._timeout_s) as response:
                status, text = response.status, response.read().decode("utf-8")
        except urllib.error.HTTPError as error:
            text = error.read().decode("utf-8", "replace")
            raise ChatEndpointError(f"{url} answered {error.code}: {text[:500]}", error.code) from error
        try:
            tree = json.loads(text)
        except ValueError as error:
            raise ChatEndpointError(f"{url} answered with text that is not JSON: {error}", status) from error
        choices = as_object(tree, "response").get("choices")
        if not isinstance(choices, list) or not choices:
            raise ChatEndpointError(f"{url} answered without choices", status)
        return _from_wire_message(as_object(choices[0], "choices[0]").get("message"))
