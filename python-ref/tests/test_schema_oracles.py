"""Every schema fixture's oracle run through pydantic: each `expect.input_schema` is pydantic's own
text, `json.dumps(Model.model_json_schema(mode=...))` of the hand-written class, never ours."""

from __future__ import annotations

import json
import typing
from pathlib import Path
from typing import Any

import pytest

from agentparity_ref.pyjson import load_yaml

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "schema"
# setup.yaml and malformed.yaml pin the sub-agent setup and the reader, not the renderer.
NOT_RENDERING = {"setup.yaml", "malformed.yaml"}


def _oracle_cases() -> list[tuple[str, dict[str, Any]]]:
    cases = []
    for path in sorted(FIXTURES.glob("*.yaml")):
        for case in load_yaml(path.read_text(encoding="utf-8"))["cases"]:
            if "oracle" in case:
                cases.append((path.name, case))
    return cases


CASES = _oracle_cases()


def _render_oracle(file: str, case: dict[str, Any]) -> str:
    oracle = case["oracle"]
    # typing caches Union and Literal by equality, order aside: an equal union written in an earlier
    # oracle would hand this one its member order. build_models no longer meets this (it builds
    # past the cache), but an oracle is plain pydantic source, so each starts from empty caches.
    for clear in typing._cleanups:  # type: ignore[attr-defined]
        clear()
    namespace: dict[str, Any] = {"__name__": "oracle"}
    # dont_inherit: this module's `from __future__ import annotations` must not turn the oracle's
    # annotations into strings.
    exec(compile(oracle["python"], f"{file}:{case['id']}", "exec", dont_inherit=True), namespace)
    model = namespace[oracle["model"]]
    return json.dumps(model.model_json_schema(mode=oracle.get("mode", "validation")))


@pytest.mark.parametrize(("file", "case"), CASES, ids=[case["id"] for _, case in CASES])
def test_expect_is_what_pydantic_prints_for_the_oracle(file: str, case: dict[str, Any]) -> None:
    assert _render_oracle(file, case) == case["expect"]["input_schema"]


@pytest.mark.parametrize(("file", "case"), CASES, ids=[case["id"] for _, case in CASES])
def test_oracle_renders_the_model_and_mode_the_case_derives(file: str, case: dict[str, Any]) -> None:
    declaration = case["declaration"]
    input_type = (case.get("input") or {}).get("input_type") or {}
    derived = input_type.get("name") if input_type.get("type") == "model" else declaration["root"]
    assert case["oracle"]["model"] == derived
    assert case["oracle"].get("mode", "validation") == declaration.get("mode", "validation")


def test_there_are_at_least_40_rendering_oracles() -> None:
    assert len([case for file, case in CASES if file not in NOT_RENDERING]) >= 40


def test_a_wrong_expectation_is_caught() -> None:
    file, case = next((file, case) for file, case in CASES if file not in NOT_RENDERING)
    altered = {**case, "expect": {"input_schema": case["expect"]["input_schema"].replace('"title"', '"Title"', 1)}}
    assert _render_oracle(file, altered) != altered["expect"]["input_schema"]
