"""Events read from both upstream languages' snapshots and written in the cross-language form."""

import json
from pathlib import Path

import pytest

from agentparity_ref.chat import ChatMessage, ToolCallView, read_tool_call
from agentparity_ref.runtime import ChatRequestEvent, ChatResponseEvent, GenericEvent, InputEvent, ToolRequestEvent, ToolResponseEvent, event_from_json, event_to_json

SNAPSHOTS = Path(__file__).resolve().parents[2] / "test" / "fixtures" / "upstream-events"


def _read(side: str, name: str) -> dict:
    return json.loads((SNAPSHOTS / side / name).read_text())


def _files(side: str) -> list[str]:
    return sorted(p.name for p in (SNAPSHOTS / side).glob("*.json"))


@pytest.mark.parametrize("name", _files("python"))
def test_writes_the_python_snapshot_back_unchanged(name: str) -> None:
    tree = _read("python", name)
    assert json.dumps(event_to_json(event_from_json(tree))) == json.dumps(tree)


@pytest.mark.parametrize("name", [n for n in _files("java") if n in _files("python")])
def test_reads_the_java_snapshot_into_the_same_event_as_python(name: str) -> None:
    java = event_from_json(_read("java", name))
    python = event_from_json(_read("python", name))
    assert java.type == python.type
    if name != "tool_response_event.json":
        assert json.dumps(event_to_json(java)) == json.dumps(event_to_json(python))


def test_reads_the_java_tool_response_objects_as_their_content() -> None:
    event = event_from_json(_read("java", "tool_response_event.json"))
    assert isinstance(event, ToolResponseEvent)
    assert event.request_id == "00000000-0000-0000-0000-000000000002"
    assert list(event.responses.items()) == [("call_aaaa", "pong")]
    assert event.success == {"call_aaaa": True}
    assert event.error == {}


def test_reads_typed_fields() -> None:
    chat = event_from_json(_read("python", "chat_response_event.json"))
    assert isinstance(chat, ChatResponseEvent)
    assert (chat.response.role, chat.response.content) == ("assistant", "hi there")
    request = event_from_json(_read("java", "tool_request_event.json"))
    assert isinstance(request, ToolRequestEvent)
    assert read_tool_call(request.tool_calls[0]) == ToolCallView("call_aaaa", "echo", {"value": "ping"}, None)
    assert event_from_json(_read("python", "input_event.json")) == InputEvent("hello", id="00000000-0000-0000-0000-000000000001")
    assert isinstance(event_from_json(_read("python", "python_only_subclass_event.json")), GenericEvent)
    assert isinstance(event_from_json(_read("java", "chat_request_event.json")), ChatRequestEvent)


def test_writes_a_new_tool_response_in_the_upstream_key_order() -> None:
    event = ToolResponseEvent("r", {"b": "x", "a": "y"}, {"b": True, "a": False}, {"a": "boom"}, {"b": None, "a": "ext"}, id="e")
    assert json.dumps(event_to_json(event), separators=(",", ":")) == (
        '{"id":"e","type":"_tool_response_event","attributes":{"request_id":"r","responses":{"b":"x","a":"y"},'
        '"success":{"b":true,"a":false},"error":{"a":"boom"},"external_ids":{"b":null,"a":"ext"}}}'
    )
    assert event_from_json(event_to_json(event)) == event


def test_names_the_path_of_a_malformed_event() -> None:
    with pytest.raises(TypeError, match=r"event\.attributes\.request_id must be a string"):
        event_from_json({"id": "x", "type": "_chat_response_event", "attributes": {"request_id": 3}})
    with pytest.raises(TypeError, match=r"message\.role must be one of"):
        ChatMessage.from_json({"role": "robot"})
