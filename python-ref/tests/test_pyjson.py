"""pyjson: json.dumps and json.loads, the same text and the same errors, at any depth."""

from __future__ import annotations

import enum
import gc
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agentparity_ref import pyjson
from agentparity_ref.pyjson.gc_paused import gc_paused
from agentparity_ref.pyjson.parse_py_json import _loads_without_recursion
from agentparity_ref.pyjson.write_py_json import _dumps_without_recursion, exact_json_text

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.text(),
)
keys = st.one_of(st.text(), st.integers(), st.floats(), st.booleans(), st.none())
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.tuples(inner, inner),
        st.dictionaries(keys, inner, max_size=4),
    ),
    max_leaves=20,
)
OPTIONS = [
    {},
    {"separators": (",", ":")},
    {"ensure_ascii": False},
    {"allow_nan": False},
    {"separators": (",", ":"), "ensure_ascii": False, "allow_nan": False},
]


def _outcome(write: Any, value: Any, **options: Any) -> tuple[str, str]:
    try:
        return ("text", write(value, **options))
    except (TypeError, ValueError) as error:
        return (type(error).__name__, str(error))


@settings(max_examples=150)
@given(values, st.sampled_from(OPTIONS))
def test_the_loop_writes_what_json_dumps_writes(value: Any, options: dict[str, Any]) -> None:
    assert _outcome(_dumps_without_recursion, value, **options) == _outcome(json.dumps, value, **options)


@pytest.mark.parametrize(
    "value",
    [
        [1, b"x"],
        {"a": {(1,): 2}},
        {"k": [float("nan")]},
        {float("inf"): 1},
        [object()],
        {1: "a", True: "b"},
    ],
    ids=["bytes", "tuple-key", "nan-value", "inf-key", "object", "merged-keys"],
)
def test_the_loop_fails_as_json_dumps_fails(value: Any) -> None:
    for options in OPTIONS:
        assert _outcome(_dumps_without_recursion, value, **options) == _outcome(json.dumps, value, **options)



@settings(max_examples=150)
@given(values, st.sampled_from(OPTIONS))
def test_dumps_with_its_kept_encoders_writes_what_json_dumps_writes(value: Any, options: dict[str, Any]) -> None:
    assert _outcome(pyjson.dumps, value, **options) == _outcome(json.dumps, value, **options)



class _Rank(enum.IntEnum):
    ONE = 1


class _Text(str):
    pass


@pytest.mark.parametrize(
    "value",
    [None, True, False, 0, -7, 10**40, 0.1, -0.0, 1e16, 1e-7, float("nan"), float("inf"), float("-inf"),
     "", "é\u2028\x00\"\\", "\ud800", _Rank.ONE, _Text("sub")],
)
def test_dumps_writes_a_scalar_as_json_dumps_writes_it(value: Any) -> None:
    for options in OPTIONS:
        assert _outcome(pyjson.dumps, value, **options) == _outcome(json.dumps, value, **options)

def test_a_kept_encoder_carries_nothing_from_a_failed_call_to_the_next() -> None:
    cyclic: list[Any] = [1]
    cyclic.append(cyclic)
    inner = [2]
    for options in OPTIONS:
        for value in (cyclic, [1, b"x"], {"k": [float("nan")]}):
            assert _outcome(pyjson.dumps, value, **options) == _outcome(json.dumps, value, **options)
        assert pyjson.dumps([inner, inner, {"a": inner}], **options) == json.dumps([inner, inner, {"a": inner}], **options)
    assert pyjson.dumps([1], separators=[",", ":"]) == "[1]"

def test_the_loop_refuses_a_cycle_and_writes_a_diamond_twice() -> None:
    cyclic: list[Any] = [1]
    cyclic.append({"back": cyclic})
    assert _outcome(_dumps_without_recursion, cyclic) == ("ValueError", "Circular reference detected")
    shared = {"x": [1]}
    assert _dumps_without_recursion([shared, {"again": shared}]) == json.dumps([shared, {"again": shared}])


def _mixed_chain(depth: int, nested_last: bool) -> Any:
    """A chain whose containers alternate between lists and dicts, the nested item first or last."""
    value: Any = "\u00e9"
    for level in range(depth):
        if level % 2 == 0:
            value = [level, value] if nested_last else [value, level]
        else:
            value = {"a": level, "b": value} if nested_last else {"b": value, "a": level}
    return value


@pytest.mark.parametrize("nested_last", [True, False])
def test_the_loop_writes_a_mixed_chain_as_json_dumps_writes_it(nested_last: bool) -> None:
    value = _mixed_chain(400, nested_last)
    for options in ({}, {"separators": (",", ":"), "ensure_ascii": False}):
        assert _dumps_without_recursion(value, **options) == json.dumps(value, **options)


def _cyclic(start: int, period: int, nested_last: bool) -> Any:
    """A chain `start` deep, then a loop of `period` containers back to its own start."""
    loop: list[list[Any]] = [[] for _ in range(period)]
    for i, node in enumerate(loop):
        node.extend([1, loop[(i + 1) % period]] if nested_last else [loop[(i + 1) % period], 1])
    value: Any = loop[0]
    for i in range(start):
        value = {"k": value} if i % 3 == 0 else {"k": value, "z": [i]}
    return value


@pytest.mark.parametrize(
    ("start", "period", "nested_last"),
    [(0, 1, True), (0, 1, False), (1, 2, True), (300, 7, True), (300, 7, False), (3000, 7, False), (5, 4099, True)],
)
def test_the_loop_finds_a_cycle_wherever_it_starts_whatever_its_period(start: int, period: int, nested_last: bool) -> None:
    value = _cyclic(start, period, nested_last)
    assert _outcome(_dumps_without_recursion, value) == ("ValueError", "Circular reference detected")
    assert _outcome(pyjson.dumps, value) == ("ValueError", "Circular reference detected")


def test_the_loop_reports_an_error_met_before_a_cycle() -> None:
    loop: list[Any] = []
    loop.append(loop)
    for value in ([[float("nan")], loop], [loop, [float("nan")]], [{1j: 1}, loop]):
        assert _outcome(_dumps_without_recursion, value, allow_nan=False) == _outcome(json.dumps, value, allow_nan=False)


def _nested(depth: int, leaf: Any, key: str | None) -> Any:
    value = leaf
    for _ in range(depth):
        value = [value] if key is None else {key: value}
    return value


exact_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False, allow_infinity=False), st.text()),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(), inner, max_size=4)),
    max_leaves=20,
)


@settings(max_examples=150)
@given(exact_values)
def test_exact_json_text_writes_what_json_dumps_writes_compactly(value: Any) -> None:
    assert exact_json_text(value) == json.dumps(value, separators=(",", ":"), allow_nan=False)


class _Text(str):
    pass


@pytest.mark.parametrize("depth", [0, 3000])
def test_exact_json_text_gives_none_for_any_other_value_and_writes_a_diamond_twice(depth: int) -> None:
    loop: list[Any] = [1]
    loop.append(loop)
    for leaf in ((1,), _Text("x"), {1: "x"}, {_Text("k"): 1}, float("nan"), float("inf"), b"x", 10**5000, loop):
        value = _nested(depth, [1, leaf], "k")
        assert exact_json_text(value) is None
    shared = {"x": [1]}
    diamond = _nested(depth, [shared, {"again": shared}], None)
    assert exact_json_text(diamond) == "[" * depth + '[{"x":[1]},{"again":{"x":[1]}}]' + "]" * depth


@pytest.mark.parametrize("key", [None, "k"])
def test_dumps_and_loads_go_past_the_recursion_limit(key: str | None) -> None:
    depth = 200_000
    value = _nested(depth, 1.5, key)
    opening, closing = ("[", "]") if key is None else ('{"k": ', "}")
    text = pyjson.dumps(value)
    assert text == opening * depth + "1.5" + closing * depth
    back = pyjson.loads(text)
    for _ in range(depth):
        back = back[0] if key is None else back[key]
    assert back == 1.5


@settings(max_examples=150)
@given(values)
def test_the_loop_reads_what_json_loads_reads(value: Any) -> None:
    text = json.dumps(value)
    expected = json.loads(text)
    got = _loads_without_recursion(text)
    assert json.dumps(got) == json.dumps(expected)


@pytest.mark.parametrize(
    "text",
    ["[1,", '{"a" 1}', "[1 2]", "", "nul", "[1]x", '{"a":1,}', "[1,]", '"abc', "{1:2}", "-", "01", '{"a":1 "b":2}', "[", " {", "[\"\\x\"]"],
)
def test_the_loop_fails_as_json_loads_fails(text: str) -> None:
    with pytest.raises(json.JSONDecodeError) as expected:
        json.loads(text)
    with pytest.raises(json.JSONDecodeError) as got:
        _loads_without_recursion(text)
    assert str(got.value) == str(expected.value)


def test_loads_keeps_the_last_of_repeated_keys_in_the_first_place() -> None:
    assert list(_loads_without_recursion('{"a": 1, "b": 2, "a": 3}').items()) == [("a", 3), ("b", 2)]
    assert _loads_without_recursion("[NaN, Infinity, -Infinity, 1e400, -0.0, 10]")[3] == float("inf")


def test_gc_paused_pauses_the_collector_and_restores_its_state_even_on_error() -> None:
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(KeyError):
        with gc_paused():
            raise KeyError("x")
    assert gc.isenabled()
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
