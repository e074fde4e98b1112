"""Every case of fixtures/plan through the Python participant's ops, checked against its `expect`
(the harness checks the TypeScript participant, and the two against each other)."""

import json
from pathlib import Path
from typing import Any

import pytest

from agentparity_ref.ops import OPS
from agentparity_ref.pyjson import load_yaml

from helpers.unstated_code import without_unstated_code

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "plan"
CASES = [case for file in sorted(FIXTURES.glob("*.yaml")) for case in load_yaml(file.read_text())["cases"]]


def _missing(expected: Any, actual: Any, pointer: str = "") -> list[str]:
    """Where `actual` does not hold what `expected` states (objects may say more; arrays and scalars exactly)."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{pointer}: expected an object"]
        found = []
        for key, value in expected.items():
            if key not in actual:
                found.append(f"{pointer}/{key}: missing")
            else:
                found.extend(_missing(value, actual[key], f"{pointer}/{key}"))
        return found
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{pointer}: expected {len(expected)} items"]
        return [m for i, (e, a) in enumerate(zip(expected, actual, strict=True)) for m in _missing(e, a, f"{pointer}/{i}")]
    # 1 and 1.0, and True and 1, are different plan values.
    return [] if type(expected) is type(actual) and expected == actual else [f"{pointer}: {actual!r} is not {expected!r}"]


def test_there_are_enough_plan_cases() -> None:
    assert len(CASES) >= 25


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_the_python_participant_meets_the_expectation(case: dict[str, Any]) -> None:
    request = {key: case[key] for key in ("id", "op", "declaration", "input") if key in case}
    result = OPS[case["op"]](request)
    expect = case["expect"]
    if "error" in expect:
        assert without_unstated_code(result, {"error": expect["error"]}) == {"error": expect["error"]}
    elif isinstance(expect["plan"], str):
        assert result == {"plan": expect["plan"]}
    else:
        assert set(result) == {"plan"}
        assert _missing(expect["plan"], json.loads(result["plan"])) == []
