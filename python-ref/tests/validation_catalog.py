"""A catalog of declared types and encoded values, run through the Python normalize op, whose
outcomes are pydantic's own: the oracle `test/fixtures/validation-oracle.json` that the TypeScript
validator is checked against (`test/src/types/validateValue.oracle.test.ts`). A refusal carries the
op's `text`, pydantic's `str(ValidationError)` (the failure reason a delegation gives), with
object addresses written `0x…` (they differ per process).

Regenerate with `python3 tests/validation_catalog.py` from `python-ref/`; the pytest test
`test_validation_oracle.py` fails when the file is not what pydantic answers today.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from duration_inputs import drawn_durations, duration_inputs
from temporal_inputs import datetime_inputs, drawn_texts, time_inputs

ORACLE = Path(__file__).resolve().parents[2] / "test/fixtures/validation-oracle.json"

ENUMS = [
    {"name": "Color", "base": "str", "members": [{"name": "RED", "value": "red"}, {"name": "BLUE", "value": "blue"}]},
    {"name": "Rank", "base": "int", "members": [{"name": "ONE", "value": 1}, {"name": "TWO", "value": 2}]},
    {"name": "Mixed", "base": None, "members": [{"name": "A", "value": "a"}, {"name": "B", "value": 2}]},
]
HELPER_MODELS = [
    {"name": "V", "fields": [{"name": "a", "type": {"type": "int"}, "required": True}]},
    {
        "name": "W",
        "fields": [
            {"name": "a", "type": {"type": "int"}, "required": False, "default": {"kind": "int", "value": 0}},
            {"name": "b", "type": {"type": "int"}, "required": False, "default": {"kind": "int", "value": 0}},
        ],
    },
    {
        "name": "Strict",
        "config": {"extra": "forbid", "title": "Strict record"},
        "fields": [
            {"name": "a", "type": {"type": "int"}, "required": True},
            {"name": "b", "type": {"type": "str"}, "required": True, "alias": "the-b"},
            {"name": "c", "type": {"type": "list", "items": {"type": "int"}}, "required": False, "default_factory": {"builtin": "list"}},
        ],
    },
    {"name": "Loose", "config": {"extra": "allow"}, "fields": [{"name": "a", "type": {"type": "bool"}, "required": False, "default": {"kind": "bool", "value": False}}]},
    {
        "name": "Cat",
        "fields": [
            {"name": "kind", "type": {"type": "literal", "values": ["cat"]}, "required": True},
            {"name": "lives", "type": {"type": "int"}, "required": False, "default": {"kind": "int", "value": 9}},
        ],
    },
    {"name": "Pup", "fields": [{"name": "kind", "type": {"type": "literal", "values": ["dog", 2]}, "required": True}]},
    {
        "name": "Owner",
        "fields": [
            {
                "name": "pet",
                "type": {"type": "union", "members": [{"type": "model", "name": "Cat"}, {"type": "model", "name": "Pup"}]},
                "required": True,
                "discriminator": "kind",
            }
        ],
    },
]

TYPES: dict[str, dict[str, Any]] = {
    "int": {"type": "int"},
    "float": {"type": "float"},
    "bool": {"type": "bool"},
    "str": {"type": "str"},
    "bytes": {"type": "bytes"},
    "none": {"type": "none"},
    "any": {"type": "any"},
    "decimal": {"type": "decimal"},
    "uuid": {"type": "uuid"},
    "list-int": {"type": "list", "items": {"type": "int"}},
    "list-any": {"type": "list"},
    "set-int": {"type": "set", "items": {"type": "int"}},
    "frozenset-str": {"type": "frozenset", "items": {"type": "str"}},
    "tuple-int-str": {"type": "tuple", "items": [{"type": "int"}, {"type": "str"}]},
    "tuple-int-variadic": {"type": "tuple", "items": [{"type": "int"}], "variadic": True},
    "dict-str-int": {"type": "dict", "keys": {"type": "str"}, "values": {"type": "int"}},
    "dict-int-str": {"type": "dict", "keys": {"type": "int"}, "values": {"type": "str"}},
    "dict-any": {"type": "dict"},
    "union-int-str": {"type": "union", "members": [{"type": "int"}, {"type": "str"}]},
    "union-str-int": {"type": "union", "members": [{"type": "str"}, {"type": "int"}]},
    "union-float-int": {"type": "union", "members": [{"type": "float"}, {"type": "int"}]},
    "union-bool-int-none": {"type": "union", "members": [{"type": "bool"}, {"type": "int"}, {"type": "none"}]},
    "optional-list-int": {"type": "union", "members": [{"type": "list", "items": {"type": "int"}}, {"type": "none"}]},
    "union-models": {"type": "union", "members": [{"type": "model", "name": "V"}, {"type": "model", "name": "W"}]},
    "union-model-dict": {"type": "union", "members": [{"type": "model", "name": "V"}, {"type": "dict", "keys": {"type": "str"}, "values": {"type": "int"}}]},
    "union-lists": {"type": "union", "members": [{"type": "list", "items": {"type": "int"}}, {"type": "list", "items": {"type": "str"}}]},
    "literal-a-1": {"type": "literal", "values": ["a", 1]},
    "literal-true-none": {"type": "literal", "values": [True, None]},
    "enum-str": {"type": "enum", "name": "Color"},
    "enum-int": {"type": "enum", "name": "Rank"},
    "enum-mixed": {"type": "enum", "name": "Mixed"},
    "model-v": {"type": "model", "name": "V"},
    "int-ge0-le5-mul2": {"type": "int", "constraints": {"ge": 0, "le": 5, "multiple_of": 2}},
    "float-gt0-lt1": {"type": "float", "constraints": {"gt": 0, "lt": 1.0}},
    "float-multiple": {"type": "float", "constraints": {"multiple_of": 0.25}},
    "float-multiple-hundredth": {"type": "float", "constraints": {"multiple_of": 0.01}},
    "float-le-big": {"type": "float", "constraints": {"le": -122077864931537826291}},
    "float-ge-huge": {"type": "float", "constraints": {"ge": 1.1187803519010637e223}},
    "str-len-2-3-pattern": {"type": "str", "constraints": {"min_length": 2, "max_length": 3, "pattern": "^a"}},
    "bytes-max-1": {"type": "bytes", "constraints": {"max_length": 1}},
    "list-len-1-2": {"type": "list", "items": {"type": "int"}, "constraints": {"min_length": 1, "max_length": 2}},
    "set-max-1": {"type": "set", "items": {"type": "int"}, "constraints": {"max_length": 1}},
    "dict-min-1": {"type": "dict", "keys": {"type": "str"}, "values": {"type": "int"}, "constraints": {"min_length": 1}},
    "model-strict": {"type": "model", "name": "Strict"},
    "model-loose": {"type": "model", "name": "Loose"},
    "list-model-v": {"type": "list", "items": {"type": "model", "name": "V"}},
    "dict-str-model-w": {"type": "dict", "keys": {"type": "str"}, "values": {"type": "model", "name": "W"}},
    "optional-model-v": {"type": "union", "members": [{"type": "model", "name": "V"}, {"type": "none"}]},
    "tuple-bool-float-none": {"type": "tuple", "items": [{"type": "bool"}, {"type": "float"}, {"type": "none"}]},
    "union-decimal-uuid": {"type": "union", "members": [{"type": "decimal"}, {"type": "uuid"}]},
    "list-of-lists": {"type": "list", "items": {"type": "list", "items": {"type": "float"}}},
    "optional-union-bytes-bool": {"type": "union", "members": [{"type": "union", "members": [{"type": "bytes"}, {"type": "bool"}]}, {"type": "none"}]},
    "literal-ints": {"type": "literal", "values": [1, 2, 30]},
    "float-ge-half": {"type": "float", "constraints": {"ge": 0.5}},
    "bytes-min-2": {"type": "bytes", "constraints": {"min_length": 2}},
    "time": {"type": "time"},
    "date": {"type": "date"},
    "datetime": {"type": "datetime"},
    "list-datetime": {"type": "list", "items": {"type": "datetime"}},
    "union-date-str": {"type": "union", "members": [{"type": "date"}, {"type": "str"}]},
    "optional-time": {"type": "union", "members": [{"type": "time"}, {"type": "none"}]},
    "union-time-int": {"type": "union", "members": [{"type": "time"}, {"type": "int"}]},
    "timedelta": {"type": "timedelta"},
    "optional-timedelta": {"type": "union", "members": [{"type": "timedelta"}, {"type": "none"}]},
    "union-timedelta-str": {"type": "union", "members": [{"type": "timedelta"}, {"type": "str"}]},
    "union-int-timedelta": {"type": "union", "members": [{"type": "int"}, {"type": "timedelta"}]},
    "list-timedelta": {"type": "list", "items": {"type": "timedelta"}},
    "dict-str-timedelta": {"type": "dict", "keys": {"type": "str"}, "values": {"type": "timedelta"}},
    "list-timedelta-max-1": {"type": "list", "items": {"type": "timedelta"}, "constraints": {"max_length": 1}},
    "tuple-timedelta-len-3-1": {"type": "tuple", "items": [{"type": "timedelta"}], "variadic": True, "constraints": {"min_length": 3, "max_length": 1}},
    "dict-str-timedelta-len-2-1": {"type": "dict", "keys": {"type": "str"}, "values": {"type": "timedelta"}, "constraints": {"min_length": 2, "max_length": 1}},
    "optional-tagged": {
        "type": "union",
        "members": [{"type": "model", "name": "Cat"}, {"type": "model", "name": "Pup"}, {"type": "none"}],
        "discriminator": "kind",
    },
    "list-tagged": {"type": "list", "items": {"type": "union", "members": [{"type": "model", "name": "Pup"}, {"type": "model", "name": "Cat"}], "discriminator": "kind"}},
    "model-owner": {"type": "model", "name": "Owner"},
}


# Inputs beyond the shared ones for the types whose rules they would not reach.
_TAGGED_INPUTS: list[Any] = [
    {"kind": "cat"}, {"kind": "cat", "lives": "x"}, {"kind": "dog"}, {"kind": 2}, {"kind": "2"}, {"kind": "cow"},
    {"kind": True}, {"kind": None}, {"kind": ["cat"]}, {"lives": 3}, {"kind": "cat", "lives": "7"},
]

TYPED_INPUTS: dict[str, list[Any]] = {
    "optional-tagged": _TAGGED_INPUTS,
    "list-tagged": [[value] for value in _TAGGED_INPUTS],
    "model-owner": [{"pet": value} for value in _TAGGED_INPUTS],
    "time": [*time_inputs(), *drawn_texts("time", 80, seed=1)],
    "optional-time": time_inputs()[:12],
    "union-time-int": ["12:00", 1.5, "1", 7],
    # Negative values and values a billionth off: pydantic-core's float remainder rule.
    "float-multiple-hundredth": [-0.5, -0.09, -0.06, -0.03, 0.07, -24.12, 40.50000000177246, 28.200000001340605, -0.010000000001, 0.0100000001, 1e-10, -2e-9],
    "date": [*datetime_inputs(), *drawn_texts("date", 80, seed=2)],
    "datetime": [*datetime_inputs(), *drawn_texts("datetime", 80, seed=3)],
    "list-datetime": [["2020-01-02", 0, "x"], [1.5, "2020-01-02T03:04Z"]],
    "union-date-str": ["2020-01-02", "2020-01-02T00:00", "86400", 86400, "x"],
    "timedelta": [*duration_inputs(), *drawn_durations(200, seed=4)],
    "optional-timedelta": duration_inputs()[:12],
    # A duration past `timedelta.min` raises from the first member, before `str` is tried.
    "union-timedelta-str": ["P1D", "-P999999999DT1S", 5, "x", True, {"$float": "NaN"}],
    "union-int-timedelta": ["5", "P1D", "-P999999999DT1S", 1.5, "x", True],
    "list-timedelta": [["P1D", 1, "x"], ["x", "-P999999999DT1S"], ["-P999999999DT1S", "x"], [1.5, "01:02", "1 day"]],
    "dict-str-timedelta": [{"a": "x", "b": "-P999999999DT1S"}, {"a": "PT1S", "b": 2}],
    # Length checks against item validation: a list counts every item read and is too long at the
    # first past max_length (items after it are never read); a tuple counts only accepted items and
    # adds too_short to item errors; a dict reads every item first.
    "list-timedelta-max-1": [
        ["-P999999999DT1S", 1], [1, "-P999999999DT1S"], [1, 2, "-P999999999DT1S"], ["x", 1], ["x", "y", "-P999999999DT1S"], ["x"],
        [-86399999913600.5], [1.5, -86399999913600.5],
    ],
    "tuple-timedelta-len-3-1": [["x", 1], ["x"], [1, 2, "x"], [1, "-P999999999DT1S"], ["x", "y", 1, "-P999999999DT1S"], []],
    "dict-str-timedelta-len-2-1": [
        {"a": "x", "b": 1, "c": 2}, {"a": 1, "b": 2, "c": "-P999999999DT1S"}, {"a": 1}, {"a": 1, "b": 2, "c": 3}, {"a": "x"},
    ],
}

# Whole floats are left out: TypeScript reads them as ints, which only changes number kinds,
# and the catalog pins behaviour, not the known JavaScript limit.
INPUTS: list[Any] = [
    None, True, False, 0, 1, 2, -1, 7, 1.5, 0.3, 0.5,
    {"$int": "123456789012345678901234567890"},
    {"$float": "NaN"}, {"$float": "-Infinity"},
    "", "ab", "abcd", "b c", "1", " 12 ", "1_000", "1.0", "1e3", "0x10",
    "inf", "-nan", "yes", "OFF", "red", "RED", "2", "1.50",
    "12345678-1234-5678-1234-567812345678", "12345678123456781234567812345678", "1234567g-1234-5678-1234-567812345678",
    "12345678-1234-5678-1234", "urn:uuid:1234",
    {"$bytes": "MTI="}, {"$bytes": "eWVz"}, {"$bytes": "/w=="}, {"$bytes": "EhISEhISEhISEhISEhISEg=="},
    [], [1, "2"], [1, "x", 3], [1, 2, 3], {"$tuple": [1, "a"]}, {"$tuple": [1, "a", 2]},
    {"$set": [1, 2]}, {"$set": [3]},
    {}, {"a": 1}, {"a": "x"}, {"a": 1, "b": 2}, {"a": 1, "b": "2"}, {"$map": [[1, "a"]]}, {"$map": [[1, 1]]},
    {"a": {"$tuple": [1, {"$bytes": "aGk="}]}, "b": {"$set": [1]}},
    {"$model": "V", "fields": {"a": 3}},
    {"$object": "Handle"},
    "x" * 60, "é" * 40, list(range(30)),
    {"a": "x", "the-b": 1, "zz": 2}, {"a": 1, "the-b": "ok", "c": [1, "q", 3]}, {"b": "x", "extra": None},
    [{"a": 1}, {"a": "no"}, {}], {"k": {"a": "1"}, "j": {"b": []}}, {"$tuple": [True, "2.5", None]}, [[1.5, "x"], "y"],
]


def declaration(type_expr: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": "pydantic-neutral-declaration/1",
        "enums": ENUMS,
        "models": [*HELPER_MODELS, {"name": "T", "fields": [{"name": "v", "type": type_expr, "required": True}]}],
    }


def cases() -> list[dict[str, Any]]:
    return [
        {
            "id": f"oracle/{name}/{index}",
            "op": "normalize",
            "declaration": declaration(type_expr),
            "input": {"value": {"v": value}, "result_type": "T"},
        }
        for name, type_expr in TYPES.items()
        for index, value in enumerate([*INPUTS, *TYPED_INPUTS.get(name, [])])
    ]


_ADDRESS = re.compile(r" at 0x[0-9a-f]+>")


def outcomes() -> list[dict[str, Any]]:
    """Each case with what the Python participant answers (its declaration left out: it is rebuilt from `type`)."""
    from agentparity_ref.ops import OPS

    rows = []
    for case in cases():
        name = case["id"].split("/")[1]
        result = OPS["normalize"](case)
        # The digest and a content equal to the JSON text add nothing to compare.
        result.pop("json_sha256", None)
        if "json" in result and result["content"] == result["json"]:
            del result["content"]
        if "text" in result.get("error", {}):
            result["error"]["text"] = _ADDRESS.sub(" at 0x…>", result["error"]["text"])
        rows.append({"id": case["id"], "type": name, "value": case["input"]["value"]["v"], "result": result})
    return rows


def oracle_document() -> dict[str, Any]:
    return {"enums": ENUMS, "models": HELPER_MODELS, "types": TYPES, "cases": outcomes()}


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    document = oracle_document()
    lines = [f'  {json.dumps(row, ensure_ascii=False)}' for row in document.pop("cases")]
    head = json.dumps(document, ensure_ascii=False)[:-1]
    ORACLE.write_text(f'{head}, "cases": [\n' + ",\n".join(lines) + "\n]}\n", encoding="utf-8")
    print(f"wrote {ORACLE}")
