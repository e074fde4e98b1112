"""The derive_schema op: every case of fixtures/schema/malformed.yaml and setup.yaml through the
Python participant, checked against its `expect`; oracles checked against pydantic."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agentparity_ref.ops import OPS
from agentparity_ref.pyjson import load_yaml

from helpers.unstated_code import without_unstated_code

SCHEMA_FIXTURES = Path(__file__).resolve().parents[2] / "fixtures/schema"
FILES = ("malformed.yaml", "setup.yaml")
CASES = [
    case
    for name in FILES
    for case in load_yaml((SCHEMA_FIXTURES / name).read_text(encoding="utf-8"))["cases"]
]


def _run(case: dict[str, Any]) -> dict[str, Any]:
    request = {key: case[key] for key in ("id", "op", "declaration", "input") if key in case}
    return OPS[case["op"]](request)


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_the_python_participant_meets_the_expectation(case: dict[str, Any]) -> None:
    result = _run(case)
    for key, expected in case["expect"].items():
        assert without_unstated_code(result.get(key), expected) == expected, key


@pytest.mark.parametrize("case", [case for case in CASES if "oracle" in case], ids=lambda case: case["id"])
def test_each_expected_schema_is_pydantics_output_for_the_oracle(case: dict[str, Any]) -> None:
    namespace: dict[str, Any] = {}
    # dont_inherit: this module's `from __future__ import annotations` must not reach the oracle.
    code = compile(case["oracle"]["python"], f"<oracle {case['id']}>", "exec", dont_inherit=True)
    exec(code, namespace)  # noqa: S102 - the oracle is our own fixture source
    model = namespace[case["oracle"]["model"]]
    text = json.dumps(model.model_json_schema(mode=case["oracle"].get("mode", "validation")))
    assert case["expect"]["input_schema"] == text


def test_the_fixture_files_follow_the_format() -> None:
    ids = [case["id"] for case in CASES]
    assert len(ids) == len(set(ids))
    malformed = [case for case in CASES if case["id"].startswith("schema/malformed/")]
    assert len(malformed) >= 12
    for case in CASES:
        assert case["op"] == "derive_schema"
        assert {"id", "contracts", "description", "op", "declaration", "input", "expect"} <= set(case)
        assert case["id"].split("/")[1] in ("malformed", "setup")
    for case in malformed:
        assert set(case["expect"]["error"]) == {"kind", "path", "message"}
        assert case["expect"]["error"]["kind"] == "ValueError"


def test_a_malformed_op_input_is_an_errored_case_not_a_result() -> None:
    declaration = {"format": "pydantic-neutral-declaration/1", "root": "R", "models": [{"name": "R", "fields": []}]}
    with pytest.raises(ValueError, match="unknown keys"):
        OPS["derive_schema"]({"id": "x", "op": "derive_schema", "declaration": declaration, "input": {"schema": "{}"}})
    with pytest.raises(ValueError, match="description must be a string"):
        OPS["derive_schema"]({"id": "x", "op": "derive_schema", "declaration": declaration, "input": {"description": 1}})
