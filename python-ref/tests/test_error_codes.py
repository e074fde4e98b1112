"""The error codes as the Python reference gives them: each error a fixture draws from it carries a
code of `ERROR_CODES`, with that code's kind and a message its template matches. Mirrors
test/conformance/compare/errorCodes.test.ts, which also checks that the two tables are equal and
that every raise of both runtimes names a code."""

import json
import re
from pathlib import Path
from typing import Any

from agentparity_ref import pyjson
from agentparity_ref.errors import ERROR_CODES, InvalidValueError, error_code
from agentparity_ref.ops import OPS
from agentparity_ref.pyjson import load_yaml

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def _template_pattern(template: str) -> re.Pattern[str]:
    """A message as its template says: every `{slot}` stands for any text."""
    return re.compile("".join("(?s:.*)" if re.fullmatch(r"\{[A-Za-z_]+\}", part) else re.escape(part) for part in re.split(r"(\{[A-Za-z_]+\})", template)) + r"\Z")


def _errors_in(value: Any) -> list[dict[str, Any]]:
    """Every error a result holds, at any depth (a run's events carry the errors of its calls)."""
    if isinstance(value, list):
        return [error for item in value for error in _errors_in(item)]
    if not isinstance(value, dict):
        return []
    own = [value] if isinstance(value.get("code"), str) and isinstance(value.get("message"), str) else []
    return own + [error for item in value.values() for error in _errors_in(item)]


def test_every_code_travels() -> None:
    for code in ERROR_CODES:
        assert error_code(InvalidValueError("x", code=code)) == code
    assert error_code(ValueError("x")) is None


def test_each_error_the_fixtures_draw_has_the_kind_and_message_of_its_code() -> None:
    seen: set[str] = set()
    for path in sorted(FIXTURES.rglob("*.yaml")):
        for case in load_yaml(path.read_text(encoding="utf-8"))["cases"]:
            sent = {k: case[k] for k in ("id", "op", "declaration", "input") if k in case}
            if case["op"] not in OPS:
                continue
            try:
                result = OPS[case["op"]](json.loads(pyjson.dumps(sent)))
            except Exception:  # noqa: BLE001 - a case this participant skips or errors on has no error result
                continue
            for error in _errors_in(result):
                code = error["code"]
                assert code in ERROR_CODES, f"{case['id']}: {code}"
                kind, template, _ = ERROR_CODES[code]
                if kind != "recorded":
                    assert (case["id"], code, error["kind"]) == (case["id"], code, kind)
                assert _template_pattern(template).match(error["message"]), f"{case['id']}: {code}: {error['message']!r}"
                seen.add(code)
    assert {"RESULT_CYCLE", "RESULT_NOT_JSON", "SUBAGENT_INPUT_SCHEMA_BLANK"} <= seen
