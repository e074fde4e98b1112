"""The scripted world of the runtime ops: a sub-agent setup class is made once per pair of types."""

from __future__ import annotations

from agentparity_ref.ops.scripted.world import build_world
from agentparity_ref.resources.resource_type import ResourceType

_TYPES = {
    "format": "pydantic-neutral-declaration/1",
    "models": [{"name": "Q", "fields": [{"name": "q", "type": {"type": "str"}, "required": True}]}],
}


def _setup(declaration: dict, name: str) -> object:
    _, agent = build_world(declaration)
    return agent.resources(ResourceType.AGENT)[name].value


def test_setups_of_the_same_types_share_a_class_and_keep_their_own_state() -> None:
    declaration = {"subagents": [{"name": "a", "behaviour": {"returns": 1}}, {"name": "b", "behaviour": {"fails": "no"}}]}
    a, b = _setup(declaration, "a"), _setup(declaration, "b")
    assert type(a) is type(b)
    assert type(a).input_type() is object and type(a).result_type() is object
    assert (a._name, b._name) == ("a", "b")
    assert a._behaviour is not b._behaviour


def test_setups_of_other_types_get_their_own_class() -> None:
    typed = {"types": _TYPES, "subagents": [{"name": "a", "input_type": "Q", "behaviour": {"returns": 1}}]}
    plain = {"subagents": [{"name": "a", "behaviour": {"returns": 1}}]}
    setup, other = _setup(typed, "a"), _setup(plain, "a")
    assert type(setup) is not type(other)
    assert type(setup).input_type().__name__ == "Q"
    assert type(setup).result_type() is object
    assert type(other).input_type() is object
