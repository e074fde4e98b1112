"""Tests for the participant kit: the kind rule, the error shape, declared models, and a participant served with it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pydantic
import pytest

from agentparity_ref import kit
from agentparity_ref.types import build_models, read_declaration

_DECLARATION = {
    "format": "pydantic-neutral-declaration/1",
    "models": [{"name": "Review", "fields": [{"name": "score", "type": {"type": "int"}, "required": True}]}],
}


class _Missing(KeyError):
    pass


@pytest.mark.parametrize(
    ("error", "kind"),
    [
        (UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte"), "ValueError"),
        (NotImplementedError("x"), "NotImplementedError"),
        (RecursionError("x"), "RecursionError"),
        (RuntimeError("x"), "RuntimeError"),
        (OverflowError("x"), "OverflowError"),
        (_Missing("x"), "KeyError"),
        (ZeroDivisionError("x"), "RuntimeError"),
    ],
)
def test_error_kind_is_the_nearest_protocol_kind_up_the_classes(error: BaseException, kind: str) -> None:
    assert kit.error_kind(error) == kind


def test_a_validation_error_keeps_its_own_kind_its_first_line_and_its_text() -> None:
    model = kit.declared_models(_DECLARATION)["Review"]
    with pytest.raises(pydantic.ValidationError) as caught:
        model.model_validate({"score": "many"})
    shape = kit.error_result(caught.value)["error"]
    assert shape["kind"] == "ValidationError"
    assert shape["message"] == "Input should be a valid integer, unable to parse string as an integer"
    assert shape["path"] == "result.score"
    assert shape["text"] == str(caught.value)


def test_error_result_takes_the_path_given_else_the_errors_own() -> None:
    class Located(TypeError):
        path = "result.a"

    assert kit.error_result(Located("no")) == {"error": {"kind": "TypeError", "message": "no", "path": "result.a"}}
    assert kit.error_result(ValueError("bad"), "result[0]") == {"error": {"kind": "ValueError", "message": "bad", "path": "result[0]"}}
    assert kit.error_result(ValueError("bad")) == {"error": {"kind": "ValueError", "message": "bad"}}


def test_declared_models_are_the_references_classes_by_name() -> None:
    models = kit.declared_models(_DECLARATION)
    reference = build_models(read_declaration(_DECLARATION))["Review"]
    assert repr(models["Review"]) == repr(reference) == "<class 'agentparity.declared.Review'>"
    assert models["Review"].model_json_schema() == reference.model_json_schema()
    assert kit.declared_models(None) == {}


_SCRIPT = """
from agentparity_ref import kit

def echo(case):
    value = kit.decode_value(case["input"]["value"])
    if value == "skip":
        raise kit.Skip("asked to skip")
    if value == "boom":
        raise LookupError("boom")
    return {"bits": value.bit_length(), "back": kit.encode_value(value % 1000)}

raise SystemExit(kit.serve({"normalize": echo}, name="kit-test", version="9.9"))
"""


def _exchange(lines: list[dict[str, object]]) -> list[dict[str, object]]:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    text = "".join(json.dumps(line) + "\n" for line in lines)
    done = subprocess.run([sys.executable, "-c", _SCRIPT], input=text, capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def _run(seq: int, op: str, value: object) -> dict[str, object]:
    return {"cmd": "run", "seq": seq, "case": {"id": f"kit/{seq}", "op": op, "input": {"value": value}}}


def test_a_kit_participant_answers_every_kind_of_request() -> None:
    huge = "1" + "0" * 4996 + "777"  # 10**4999 + 777
    started, big, skipped, errored, unknown, malformed = _exchange(
        [
            {"cmd": "start", "version": 1},
            _run(1, "normalize", {"$int": huge}),
            _run(2, "normalize", "skip"),
            _run(3, "normalize", "boom"),
            _run(4, "derive_schema", 1),
            {"cmd": "run", "seq": 5, "case": "not a case"},
            {"cmd": "stop"},
        ]
    )
    assert started["implementation"] == {
        "name": "kit-test",
        "language": "python",
        "version": "9.9",
        "language_version": started["implementation"]["language_version"],  # type: ignore[index]
        "ops": ["normalize"],
        "features": ["declaration_key"],
        "libraries": {},
    }
    # Read whole although Python prints no int of more than 4,300 digits.
    assert big == {"seq": 1, "result": {"bits": (10**4999 + 777).bit_length(), "back": 777}}
    assert skipped == {"seq": 2, "skipped": True, "reason": "asked to skip"}
    assert errored["errored"] is True and errored["context"]["message"] == "LookupError: boom"  # type: ignore[index]
    assert unknown == {"seq": 4, "skipped": True, "reason": "op derive_schema is not supported by kit-test"}
    assert malformed == {"seq": 5, "errored": True, "context": {"message": "run: case must be an object"}}
