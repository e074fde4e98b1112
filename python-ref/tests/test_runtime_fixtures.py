"""Every case of the areas callables, dispatch and run_agent through the Python ops, against `expect`.

Expectations were written from the reference documents; each key of `expect` must match the
result exactly, key order included (the order is what the model reads).
"""

import json
from pathlib import Path
from typing import Any

import pytest

from agentparity_ref import pyjson
from agentparity_ref.ops import OPS
from agentparity_ref.pyjson import load_yaml

from helpers.unstated_code import without_unstated_code

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
AREAS = ("callables", "dispatch", "run_agent")


def _cases() -> list[Any]:
    cases = []
    for area in AREAS:
        for path in sorted((FIXTURES / area).glob("*.yaml")):
            for case in load_yaml(path.read_text(encoding="utf-8"))["cases"]:
                cases.append(pytest.param(case, id=case["id"]))
    return cases


def _text(value: Any) -> str:
    return pyjson.dumps(value, separators=(",", ":"))


@pytest.mark.parametrize("case", _cases())
def test_case_meets_its_expectation(case: dict[str, Any]) -> None:
    sent = {k: case[k] for k in ("id", "op", "declaration", "input") if k in case}
    result = OPS[case["op"]](json.loads(_text(sent)))
    for key, expected in case["expect"].items():
        assert key in result, f"{case['id']}: no {key} in {_text(result)[:2000]}"
        assert _text(without_unstated_code(result[key], expected)) == _text(expected), f"{case['id']}: {key}"
