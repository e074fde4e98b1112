"""codec: the tagged value encoding of DESIGN §3.2, decoded and encoded without recursion."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from agentparity_ref.codec import CodecError, TypeScriptOnlyValue, decode_value, encode_value, plain_class


def test_plain_json_stands_for_itself() -> None:
    assert decode_value({"a": [1, "x", True, None, 2.0]}) == {"a": [1, "x", True, None, 2.0]}
    for scalar in (None, True, 0, -3, 2.5, "x"):
        assert _same(decode_value(scalar), scalar)
    with pytest.raises(CodecError, match="^bad value encoding at /: bytes is not part of the encoding$"):
        decode_value(b"x")


def test_every_tag_decodes() -> None:
    nan, inf, zero, big, mapping, data, pair, members, literal, proto, handle = decode_value(
        [
            {"$float": "NaN"},
            {"$float": "-Infinity"},
            {"$float": "-0.0"},
            {"$int": "123456789012345678901234567890"},
            {"$map": [[1, "a"], [{"$tuple": [1, "x"]}, "b"]]},
            {"$bytes": "AAEC"},
            {"$tuple": [1, 2]},
            {"$set": [3, 1]},
            {"$literal": {"$id": 1}},
            {"$nullProto": {"a": 1}},
            {"$object": "Handle", "fields": {"id": 7}},
        ]
    )
    assert math.isnan(nan) and inf == -math.inf and math.copysign(1, zero) == -1
    assert big == 123456789012345678901234567890
    assert mapping == {1: "a", (1, "x"): "b"}
    assert (data, pair, members, literal, proto) == (b"\x00\x01\x02", (1, 2), {1, 3}, {"$id": 1}, {"a": 1})
    assert type(handle) is plain_class("Handle") and handle.id == 7


def test_ids_share_nodes_and_make_cycles() -> None:
    value = decode_value({"$id": "r", "value": {"self": {"$ref": "r"}, "l": [{"$id": "s", "value": [1]}, {"$ref": "s"}]}})
    assert value["self"] is value
    assert value["l"][0] is value["l"][1]


def test_a_200000_deep_chain_is_built_without_recursion() -> None:
    node = decode_value({"$id": "top", "value": {"$chain": {"depth": 200_000, "key": "k", "leaf": {"$ref": "top"}}}})
    top = node
    for _ in range(200_000):
        node = node["k"]
    assert node is top


@pytest.mark.parametrize("tag", ["$undefined", "$function", "$symbol", "$date", "$toJSON"])
def test_typescript_only_values_are_named(tag: str) -> None:
    with pytest.raises(TypeScriptOnlyValue, match=f"\\{tag} at /0 is a TypeScript-only value"):
        decode_value([{tag: True}])


@pytest.mark.parametrize(
    ("document", "path", "message"),
    [
        ({"$foo": 1}, "/", "unknown tag $foo (write a literal object with $literal)"),
        ({"$float": "1.", "x": 1}, "/", "$float does not take x"),
        ({"$float": "1."}, "/$float", "$float takes a JSON number, NaN, Infinity or -Infinity as a string"),
        ({"$int": "01"}, "/$int", "$int takes the decimal digits of an integer as a string"),
        ({"$bytes": "AAE"}, "/$bytes", "$bytes takes standard padded base64 as a string"),
        ({"$id": "t", "value": {"$tuple": [{"$ref": "t"}]}}, "/value/$tuple/0/$ref", "$ref 't' points into a tuple, set or model that contains it, which cannot be built"),
        ({"$map": [[[1], 2]]}, "/$map/0/0", "a map key or set member must be null, a bool, a number, a string, $float, $int, $bytes or a $tuple of those"),
        ({"$map": [[1, 2], [True, 3]]}, "/$map/1/0", "this key equals an earlier key of the same $map in Python"),
        ({"$set": [1, 1.0]}, "/$set/1", "this member equals an earlier member of the same $set in Python"),
        ({"$hole": True}, "/", "$hole stands only for an item of a list"),
        ({"$nullProto": {"1": 2}}, "/$nullProto", "$nullProto cannot hold array-index keys: an object reorders them"),
        ({"$chain": {"depth": -1, "key": "k", "leaf": 1}}, "/$chain/depth", "$chain depth is an integer of at least 0"),
        ({"$model": "Verdict", "fields": {}}, "/$model", "$model 'Verdict' is not a model of the case's declaration"),
    ],
)
def test_a_malformed_document_is_refused_with_its_path(document: Any, path: str, message: str) -> None:
    with pytest.raises(CodecError) as caught:
        decode_value(document)
    assert caught.value.path == path
    assert str(caught.value) == f"bad value encoding at {path}: {message}"




plain_scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text())


@settings(max_examples=100)
@given(st.lists(plain_scalars, max_size=5), st.dictionaries(st.text().filter(lambda key: not key.startswith("$")), plain_scalars, max_size=5))
def test_a_container_of_plain_scalars_is_copied_as_its_frame_would_build_it(items: list[Any], entries: dict[str, Any]) -> None:
    # A leaf list or dict is copied at once; under `$id` or `$literal` the same content is built
    # by its frame, item by item.
    quick = decode_value([items, entries])
    general = decode_value([{"$id": "l", "value": items}, {"$literal": entries}])
    assert _same(quick, general) and _same(quick, [items, entries])
    assert quick[0] is not items and quick[1] is not entries


# The decoder builds a path only for an error, from its stack of frames: each kind of container
# must give its own step (list index, dict key, map pair and side, `fields`, chain `leaf`, the
# `value` of an `$id`, a tag) in the pointer, escaped as RFC 6901 says.
@pytest.mark.parametrize(
    ("document", "path", "message"),
    [
        ([0, {"a": [1, {"$int": "x"}]}], "/1/a/1/$int", "$int takes the decimal digits of an integer as a string"),
        ({"a/b": {"c~d": {"$float": 1}}}, "/a~1b/c~0d/$float", "$float takes a JSON number, NaN, Infinity or -Infinity as a string"),
        ({"$map": [[1, 2], ["k", [{"$bytes": "A"}]]]}, "/$map/1/1/0/$bytes", "$bytes takes standard padded base64 as a string"),
        ({"$map": [[{"$tuple": [1]}, 1], [{"$tuple": [True]}, 2]]}, "/$map/1/0", "this key equals an earlier key of the same $map in Python"),
        ({"$map": [["a", 1], [{"$float": "NaN"}, 2]]}, "/$map/1/0", "NaN cannot be a map key or set member: the two languages disagree on its equality"),
        ({"$object": "Box", "fields": {"a": 1, "b": [{"$ref": "none"}]}}, "/fields/b/0/$ref", "$ref 'none' names no $id defined before it"),
        ({"$chain": {"depth": 3, "key": "k", "leaf": {"x": {"$foo": 1}}}}, "/$chain/leaf/x", "unknown tag $foo (write a literal object with $literal)"),
        ({"$id": "a", "value": {"$chain": {"depth": 0, "key": None, "leaf": {"$hole": True}}}}, "/value/$chain/leaf", "$hole stands only for an item of a list"),
        ({"$literal": {"$s": {"$tuple": [0, {"$set": [1, 1.0]}]}}}, "/$literal/$s/$tuple/1/$set/1", "this member equals an earlier member of the same $set in Python"),
        ({"$nullProto": {"k": {"$id": "n", "value": {"$set": [[1]]}}}}, "/$nullProto/k/value/$set/0", "a map key or set member must be null, a bool, a number, a string, $float, $int, $bytes or a $tuple of those"),
        ([{"$id": "t", "value": [{"$tuple": [{"$ref": "u"}]}]}, 1], "/0/value/0/$tuple/0/$ref", "$ref 'u' names no $id defined before it"),
        ([{"$id": "t", "value": {"$tuple": [[{"$ref": "t"}]]}}], "/0/value/$tuple/0/0/$ref", "$ref 't' points into a tuple, set or model that contains it, which cannot be built"),
    ],
)
def test_an_error_deep_inside_containers_has_its_whole_path(document: Any, path: str, message: str) -> None:
    with pytest.raises(CodecError) as caught:
        decode_value(document)
    assert caught.value.path == path
    assert str(caught.value) == f"bad value encoding at {path}: {message}"


def test_a_model_that_does_not_validate_is_refused_at_its_own_node() -> None:
    from pydantic import BaseModel

    class Point(BaseModel):
        x: int

    with pytest.raises(CodecError) as caught:
        decode_value({"p": [{"$model": "Point", "fields": {"x": "no"}}]}, {"Point": Point})
    assert caught.value.path == "/p/0"
    assert str(caught.value).startswith("bad value encoding at /p/0: the fields of $model Point do not validate: 1 validation error for Point")
    assert caught.value.__cause__ is not None


def test_a_typescript_only_value_deep_inside_is_named_with_its_whole_path() -> None:
    with pytest.raises(TypeScriptOnlyValue, match=r"^\$undefined at /\$map/0/1/k/0 is a TypeScript-only value"):
        decode_value({"$map": [[1, {"k": [{"$undefined": True}]}]]})


def test_an_error_at_the_bottom_of_a_100000_deep_list_has_its_whole_path() -> None:
    document: Any = {"$int": "x"}
    for _ in range(100_000):
        document = [document]
    with pytest.raises(CodecError) as caught:
        decode_value(document)
    assert caught.value.path == "/0" * 100_000 + "/$int"


def test_a_100000_deep_list_and_a_deep_run_of_empty_chains_decode_without_recursion() -> None:
    document: Any = "end"
    for _ in range(100_000):
        document = [document]
    value = decode_value(document)
    for _ in range(100_000):
        value = value[0]
    assert value == "end"
    chains: Any = 7
    for _ in range(100_000):
        chains = {"$chain": {"depth": 0, "key": "k", "leaf": chains}}
    assert decode_value(chains) == 7

hashable = st.one_of(st.text(), st.integers(), st.booleans(), st.binary(max_size=3))
values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(), st.binary(max_size=4)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.tuples(inner, inner),
        st.dictionaries(st.text(), inner, max_size=4),
        st.dictionaries(st.integers(), inner, max_size=3),
        st.sets(st.integers(), max_size=3),
    ),
    max_leaves=20,
)


def _same(a: Any, b: Any) -> bool:
    """Equal, with the same types and key order, NaN equal to itself and -0.0 apart from 0.0."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return (math.isnan(a) and math.isnan(b)) or (a == b and math.copysign(1, a) == math.copysign(1, b))
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[key], b[key]) for key in a)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return bool(a == b)


@settings(max_examples=200)
@given(values)
def test_encoding_round_trips_through_json_text(value: Any) -> None:
    assert _same(decode_value(json.loads(json.dumps(encode_value(value)))), value)


def test_encoding_keeps_shared_nodes_and_cycles() -> None:
    shared = [1]
    value: dict[str, Any] = {"a": shared, "b": (shared,)}
    value["self"] = value
    back = decode_value(json.loads(json.dumps(encode_value(value))))
    assert back["self"] is back and back["b"][0] is back["a"]


def test_a_deep_value_encodes_as_a_chain() -> None:
    value: Any = "end"
    for _ in range(200_000):
        value = {"k": value}
    assert encode_value({"top": value}) == {"top": {"$chain": {"depth": 200_000, "key": "k", "leaf": "end"}}}
