"""actions: normalize_result and to_chat_message_content (reference §4.5, §5; upstream tests §6.5)."""

from __future__ import annotations

import importlib
from collections import OrderedDict
from enum import IntEnum
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from agentparity_ref.actions import TOO_DEEP_MESSAGE, normalize_and_render, normalize_result, to_chat_message_content
from agentparity_ref.actions.result_walk import DEPTH_LIMIT, copy_json_generic, is_json_generic, quick_json_generic
from agentparity_ref.errors import builtin_kind

# The module itself: the package attribute of that name is the function.
NORMALIZE_MODULE = importlib.import_module("agentparity_ref.actions.normalize_result")


class Handle:
    pass


def _refusal(raw: Any) -> tuple[str, str, str]:
    with pytest.raises((TypeError, ValueError)) as caught:
        normalize_result(raw)
    error = caught.value
    return builtin_kind(error), error.path, str(error)  # type: ignore[attr-defined]


def test_normalize_reduces_nested_containers_to_plain_ones() -> None:
    value = normalize_result({"outer": (1, {"inner": ("a", "b")}), "od": OrderedDict(x=[1])})
    assert value == {"outer": [1, {"inner": ["a", "b"]}], "od": {"x": [1]}}
    assert type(value["outer"]) is list and type(value["od"]) is dict


def test_normalize_keeps_scalars_and_none() -> None:
    for scalar in (None, "text", 7, True, 2.5, -0.0):
        assert normalize_result(scalar) is scalar


def test_normalize_reports_where_an_unsupported_value_was_found() -> None:
    assert _refusal({"outer": [object()]}) == (
        "TypeError",
        "result.outer[0]",
        "Sub-agent result must be JSON-compatible at result.outer[0], found object",
    )


def test_normalize_rejects_a_non_string_mapping_key() -> None:
    assert _refusal({1: "a"}) == ("TypeError", "result", "Map keys in sub-agent result must be strings at result")


def test_normalize_rejects_a_non_finite_number() -> None:
    assert _refusal({"ratio": float("nan")})[2] == "Non-finite number in sub-agent result at result.ratio"
    assert _refusal(float("inf")) == ("ValueError", "result", "Non-finite number in sub-agent result at result")


def test_normalize_walks_a_top_level_sequence_by_index() -> None:
    assert _refusal([object()])[1] == "result[0]"
    assert _refusal((1, {b"k": 1}))[1] == "result[1]"


def test_normalize_refuses_bytes_sets_and_instances_by_their_type_name() -> None:
    assert _refusal({"b": b"x"})[2].endswith("found bytes")
    assert _refusal([{1}])[2].endswith("found set")
    assert _refusal([frozenset()])[2].endswith("found frozenset")
    assert _refusal({"h": Handle()})[2] == "Sub-agent result must be JSON-compatible at result.h, found Handle"


def test_a_cycle_is_refused_where_the_walk_re_enters_it() -> None:
    loop: dict[str, Any] = {"name": "loop"}
    loop["self"] = loop
    assert _refusal(loop) == ("ValueError", "result.self", "Sub-agent result must be JSON-compatible at result.self, cycle detected")
    middle: list[Any] = []
    middle.append({"back": middle})
    assert _refusal({"a": middle})[1] == "result.a[0].back"


def test_a_diamond_is_accepted_and_written_twice() -> None:
    shared = {"v": (1,)}
    value, content = normalize_and_render({"left": shared, "right": [shared]})
    assert content == '{"left":{"v":[1]},"right":[{"v":[1]}]}'
    assert value["left"] is not value["right"][0]


def test_the_first_problem_in_walk_order_is_reported() -> None:
    assert _refusal({"a": [1, {"b": float("nan")}], "c": float("inf")})[1] == "result.a[1].b"
    assert _refusal({"a": float("nan"), 1: "x"})[1] == "result.a"
    assert _refusal({(1,): float("nan")})[2] == "Map keys in sub-agent result must be strings at result"


def test_paths_write_keys_raw() -> None:
    assert _refusal({"a.b": {"x[0]": [float("nan")]}})[1] == "result.a.b.x[0][0]"
    assert _refusal({"café": {"": float("nan")}})[1] == "result.café."


def test_subclasses_of_json_types_become_the_base_types() -> None:
    class Level(IntEnum):
        HIGH = 3

    class Text(str):
        pass

    value = normalize_result({Text("k"): [Level.HIGH, Text("v")]})
    assert value == {"k": [3, "v"]}
    assert [type(key) for key in value] == [str]
    assert [type(item) for item in value["k"]] == [int, str]


def test_a_json_generic_result_is_returned_as_it_is_and_any_other_is_copied() -> None:
    plain = {"a": [1, {"b": None}]}
    assert normalize_result(plain) is plain
    shared = [1]
    diamond = [shared, shared]
    assert normalize_result(diamond) is diamond
    assert normalize_and_render(diamond) == (diamond, "[[1],[1]]")
    assert normalize_result([(1,)]) == [[1]]


def _chain(depth: int, leaf: Any) -> Any:
    value = leaf
    for _ in range(depth):
        value = {"k": value}
    return value


def test_the_quick_check_gives_up_past_its_depth_limit_and_cycles_reach_it() -> None:
    assert quick_json_generic(_chain(DEPTH_LIMIT - 1, [1])) is True
    assert quick_json_generic(_chain(DEPTH_LIMIT - 1, [float("nan")])) is False
    assert quick_json_generic(_chain(DEPTH_LIMIT, [1])) is None
    branching: list[Any] = []
    branching.extend([branching, branching])
    assert quick_json_generic(branching) is None
    assert is_json_generic(branching) is False


def test_a_deep_result_is_written_by_one_walk_and_a_deep_problem_still_found_in_walk_order() -> None:
    shared = {"v": 1}
    diamond = [shared, _chain(3000, shared)]
    value, content = normalize_and_render(diamond)
    assert value is diamond and content == '[{"v":1},' + '{"k":' * 3000 + '{"v":1}' + "}" * 3000 + "]"
    # Past the limit the check of normalize_result refuses a container met twice, and copies.
    copied = normalize_result(diamond)
    assert is_json_generic(diamond) is False and copied is not diamond and to_chat_message_content(copied) == content
    problem = [_chain(3000, [float("nan")]), {1: "x"}]
    with pytest.raises(ValueError) as caught:
        normalize_and_render(problem)
    assert caught.value.path == "result[0]" + ".k" * 3000 + "[0]"  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="integer string conversion"):
        normalize_and_render(_chain(3000, [10**5000, (1,)]))


def test_a_result_nested_deeper_than_any_fixed_limit_is_accepted() -> None:
    value: Any = "end"
    for _ in range(200):
        value = {"k": value}
    assert to_chat_message_content(normalize_result(value)) == '{"k":' * 200 + '"end"' + "}" * 200


def test_a_200000_deep_result_normalizes_and_renders() -> None:
    depth = 200_000
    value: Any = 1
    for _ in range(depth):
        value = ({"k": value},)
    _, content = normalize_and_render(value)
    assert content == '[{"k":' * depth + "1" + "}]" * depth


def test_a_cycle_at_the_bottom_of_a_200000_deep_chain_is_refused_there() -> None:
    depth = 200_000
    top: dict[str, Any] = {}
    bottom = top
    for _ in range(depth - 1):
        bottom["k"] = {}
        bottom = bottom["k"]
    bottom["k"] = top
    kind, path, _ = _refusal(top)
    assert (kind, path) == ("ValueError", "result" + ".k" * depth)


def test_a_recursion_error_on_the_way_becomes_the_too_deep_message(monkeypatch: pytest.MonkeyPatch) -> None:
    class Adapter:
        def validate_python(self, raw: Any) -> Any:
            raise RecursionError("maximum recursion depth exceeded")

        def dump_python(self, value: Any, mode: str) -> Any:
            return value

    monkeypatch.setattr(NORMALIZE_MODULE, "_adapter", lambda result_type: Adapter())
    with pytest.raises(RecursionError, match=f"^{TOO_DEEP_MESSAGE}$"):
        normalize_result({}, int)


def test_chat_message_content_renders_a_missing_result_as_json_null() -> None:
    assert to_chat_message_content(None) == "null"


def test_chat_message_content_renders_scalars_and_containers() -> None:
    assert to_chat_message_content("text") == "text"
    assert to_chat_message_content(7) == "7"
    assert to_chat_message_content(True) == "true"
    assert to_chat_message_content({"a": 1, "b": [2]}) == '{"a":1,"b":[2]}'
    assert to_chat_message_content([1, 2]) == "[1,2]"
    assert to_chat_message_content((1, "é")) == '[1,"\\u00e9"]'
    assert [to_chat_message_content(x) for x in (0.1, 1e-7, 1e16, -0.0, float("nan"))] == ["0.1", "1e-07", "1e+16", "-0.0", "nan"]
    with pytest.raises(ValueError, match="Out of range float values are not JSON compliant"):
        to_chat_message_content([float("inf")])


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text()),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.tuples(inner),
        st.dictionaries(st.one_of(st.text(), st.integers()), inner, max_size=4),
    ),
    max_leaves=20,
)


@settings(max_examples=200)
@given(json_values)
def test_the_quick_check_and_the_careful_walk_agree(raw: Any) -> None:
    try:
        careful: Any = ("value", copy_json_generic(raw))
    except (TypeError, ValueError) as error:
        careful = ("error", str(error))
    if is_json_generic(raw):
        assert careful == ("value", raw)
    try:
        assert ("value", normalize_result(raw)) == careful
    except (TypeError, ValueError) as error:
        assert ("error", str(error)) == careful
