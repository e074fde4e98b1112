"""The normalize and render_content ops: every case of fixtures/normalize through the Python
participant, checked against its `expect`; a case holding a TypeScript-only value is skipped."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import pytest

from agentparity_ref.ops import OPS, Skip
from agentparity_ref.pyjson import load_yaml

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures/normalize"
CASES = [
    case
    for path in sorted(FIXTURES.glob("*.yaml"))
    for case in load_yaml(path.read_text(encoding="utf-8"))["cases"]
]
TYPESCRIPT_ONLY = ("$undefined", "$hole", "$function", "$symbol", "$date", "$typedArray", "$toJSON")


def _holds_typescript_only_value(case: dict[str, Any]) -> bool:
    text = json.dumps(case["input"])
    return any(f'"{tag}"' in text for tag in TYPESCRIPT_ONLY)


def _run(case: dict[str, Any]) -> dict[str, Any]:
    request = {key: case[key] for key in ("id", "op", "declaration", "input") if key in case}
    return OPS[case["op"]](request)


def test_there_are_at_least_sixty_cases() -> None:
    assert len(CASES) >= 60
    assert len({case["id"] for case in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_the_python_participant_meets_the_expectation(case: dict[str, Any]) -> None:
    if _holds_typescript_only_value(case):
        with pytest.raises(Skip, match="TypeScript-only value"):
            _run(case)
        return
    result = _run(case)
    for key, expected in case["expect"].items():
        if key == "error":
            # As the harness reads an expected error: the keys it states (the text may be left out).
            assert {part: result["error"].get(part) for part in expected} == expected, key
        else:
            assert result.get(key) == expected, key


_DECLARATION = {
    "format": "pydantic-neutral-declaration/1",
    "models": [{"name": "R", "fields": [{"name": "x", "type": {"type": "int"}, "required": True}]}],
}


def test_a_declaration_object_is_built_once_and_found_again_by_identity(monkeypatch: pytest.MonkeyPatch) -> None:
    # The kit's module, where the op builds its models.
    module = importlib.import_module("agentparity_ref.kit.declarations")
    texts: list[str] = []
    real = module._models_of
    monkeypatch.setattr(module, "_models_of", lambda text: texts.append(text) or real(text))
    declaration = json.loads(json.dumps(_DECLARATION))
    case = {"id": "normalize/cache/a", "op": "normalize", "declaration": declaration, "input": {"value": {"x": "7"}, "result_type": "R"}}
    first = OPS["normalize"](case)
    assert OPS["normalize"](dict(case)) == first
    assert len(texts) == 1
    # An equal declaration in another object is looked up by its text.
    assert OPS["normalize"]({**case, "declaration": json.loads(json.dumps(_DECLARATION))}) == first
    assert len(texts) == 2
    assert first["json"] == '{"x":7}'


def test_a_duration_beyond_timedelta_is_reported_not_raised() -> None:
    declaration = {
        "format": "pydantic-neutral-declaration/1",
        "models": [{"name": "Wait", "fields": [{"name": "d", "type": {"type": "timedelta"}, "required": True}]}],
    }
    case = {"id": "normalize/overflow", "op": "normalize", "declaration": declaration, "input": {"value": {"d": "-P999999999DT1S"}, "result_type": "Wait"}}
    error = OPS["normalize"](case)["error"]
    assert error["kind"] == "OverflowError"
    assert "999999999" in error["message"]
