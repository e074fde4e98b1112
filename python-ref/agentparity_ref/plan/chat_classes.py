"""Chat-model setups and connections as plans name them. Mirrors `src/plan/chatClasses.ts`.

An OpenAI connection is named only by descriptor, so that no key is written into a plan.
"""

from __future__ import annotations

from ..chat.chat_model_setup import ChatModelSetup
from ..chat.openai_connection import OpenAiConnection
from ..chat.scripted_connection import ScriptedConnection, ScriptedTurn
from ..resources.resource_type import ResourceType
from .class_registry import ClassEntry, ClassRegistry, pydantic_class
from .json_node import JsonNode


def _read_turn(node: JsonNode) -> ScriptedTurn:
    obj = node.as_object().allow_only(("content", "tool_calls"))
    calls = []
    for item in obj.required("tool_calls").as_array():
        call = item.as_object().allow_only(("id", "name", "arguments"))
        calls.append({"id": call.required("id").as_string(), "name": call.required("name").as_string(), "arguments": call.required("arguments").value})
    return ScriptedTurn(obj.required("content").as_string(), calls)


def _read_scripted_connection(node: JsonNode, _registry: ClassRegistry) -> ScriptedConnection:
    return ScriptedConnection([_read_turn(turn) for turn in node.as_object().allow_only(("turns",)).required("turns").as_array()])


CHAT_CLASSES: tuple[ClassEntry, ...] = (
    pydantic_class("agentparity_ref.chat", "ChatModelSetup", ResourceType.CHAT_MODEL, ChatModelSetup),
    ClassEntry(
        "agentparity_ref.chat",
        "ScriptedConnection",
        ResourceType.CHAT_MODEL_CONNECTION,
        ScriptedConnection,
        restore=_read_scripted_connection,
    ),
    ClassEntry(
        "agentparity_ref.chat",
        "OpenAiConnection",
        ResourceType.CHAT_MODEL_CONNECTION,
        OpenAiConnection,
        create=OpenAiConnection.from_arguments,
    ),
)
