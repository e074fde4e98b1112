"""Op `open_chat_model`: a chat-model setup opened over a fixture's resources, and what it sends."""

from __future__ import annotations

import asyncio
from typing import Any

from ..chat.build_callables import callable_spec
from ..chat.chat_message import ChatMessage
from ..chat.chat_model_setup import ChatModelSetup
from ..plan.default_registry import DEFAULT_REGISTRY
from ..resources.resource_type import ResourceType
from ..runner.agent_resources import AgentResources
from . import Case, Result
from .scripted.world import build_world, error_result, message_summary


def _messages(source: Any) -> list[ChatMessage]:
    if not isinstance(source, list):
        raise ValueError("input.messages must be a list of {role, content}")
    return [ChatMessage.from_json({"role": m.get("role"), "content": m.get("content", "")}, f"input.messages[{i}]") for i, m in enumerate(source)]


def open_chat_model(case: Case) -> Result:
    """Input `{model, opens?, messages?}`; result `{callables, callable_names, sent?}` or `{error}`."""
    resources = AgentResources.of_agent(build_world(case.get("declaration"), default_turn=True)[1], DEFAULT_REGISTRY)
    source = case.get("input") or {}
    setup = resources.get(source.get("model"), ResourceType.CHAT_MODEL)
    assert isinstance(setup, ChatModelSetup)
    opens = source.get("opens", 1)
    try:
        for _ in range(opens):
            setup.open(resources.get)
        result: dict[str, Any] = {
            "callables": setup.tool_specs(),
            "callable_names": [callable_spec(c).name for c in setup.callables],
        }
    except (ValueError, TypeError, KeyError) as error:
        return error_result(error)
    if "messages" in source:
        asyncio.run(setup.chat(_messages(source["messages"])))
        connection = resources.get(setup.connection, ResourceType.CHAT_MODEL_CONNECTION)
        request = connection.requests[-1]
        result["sent"] = {
            "messages": [message_summary(m) for m in request.messages],
            "tools": [t["function"]["name"] for t in request.tools],
        }
    return result
