"""build_models gives the same classes whatever the process built before.

typing caches `Union[...]` and `Literal[...]` by arguments that compare as sets (and `0.0 ==
-0.0`), so an equal type built earlier could come back with its members in another order. Each
case builds declaration A then declaration B in one process, and B alone in a fresh one: B's
schema and the way B reads a value must be the same.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

PYTHON_REF = Path(__file__).resolve().parents[1]

# Builds each declaration of the JSON list on stdin in turn, printing the root model's schema text
# and, when the line names a value, the JSON dump of that value read by the root model.
_BUILD_IN_TURN = """
import json, sys
from agentparity_ref.types import build_models, read_declaration
for declaration, value in json.load(sys.stdin):
    root = build_models(read_declaration(declaration))[declaration["root"]]
    dumped = None if value is None else root.model_validate(value).model_dump(mode="json")
    print(json.dumps([json.dumps(root.model_json_schema()), dumped]))
"""


def _declaration(*fields: tuple[str, dict[str, Any]], models: tuple[dict[str, Any], ...] = ()) -> dict[str, Any]:
    return {
        "format": "pydantic-neutral-declaration/1",
        "root": "M",
        "models": [{"name": "M", "fields": [{"name": n, "type": t, "required": True} for n, t in fields]}, *models],
    }


def _union(*members: dict[str, Any]) -> dict[str, Any]:
    return {"type": "union", "members": list(members)}


def _t(name: str) -> dict[str, Any]:
    return {"type": name}


def _literal(*values: Any) -> dict[str, Any]:
    return {"type": "literal", "values": list(values)}


def _build_in_turn(steps: list[tuple[dict[str, Any], Any]]) -> list[list[Any]]:
    done = subprocess.run(
        [sys.executable, "-c", _BUILD_IN_TURN],
        input=json.dumps(steps),
        capture_output=True,
        text=True,
        cwd=PYTHON_REF,
        check=True,
    )
    return [json.loads(line) for line in done.stdout.splitlines()]


PAIRS = {
    # Optional[Union[bytes, bool]] after Union[Union[bool, bytes], None]: a smart union tries
    # members in order, so "true" reads as bytes or as a bool depending on it.
    "nested optional union": (
        (_declaration(("x", _union(_union(_t("bool"), _t("bytes")), _t("none")))), {"x": "true"}),
        (_declaration(("x", _union(_union(_t("bytes"), _t("bool")), _t("none")))), {"x": "true"}),
    ),
    "optional union of temporal types": (
        (_declaration(("x", _union(_union(_t("date"), _t("timedelta")), _t("none")))), None),
        (_declaration(("x", _union(_union(_t("timedelta"), _t("date")), _t("none")))), None),
    ),
    "literal inside a union": (
        (_declaration(("x", _union(_literal(1, 2), _t("str")))), None),
        (_declaration(("x", _union(_literal(2, 1), _t("str")))), None),
    ),
    "literal of zero and of negative zero": (
        (_declaration(("x", _literal(0.0))), None),
        (_declaration(("x", _literal(-0.0))), None),
    ),
}


@pytest.mark.parametrize(("earlier", "later"), list(PAIRS.values()), ids=list(PAIRS))
def test_a_declaration_builds_as_in_a_fresh_process_after_an_equal_type_in_another_order(
    earlier: tuple[dict[str, Any], Any], later: tuple[dict[str, Any], Any]
) -> None:
    after_earlier = _build_in_turn([earlier, later])[1]
    alone = _build_in_turn([later])[0]
    assert after_earlier == alone


def test_a_union_keeps_its_order_next_to_an_equal_union_of_the_same_build() -> None:
    # Two fields whose unions name the same models in other orders: resolving the models must not
    # make the second field's union the first's.
    a = {"name": "A", "fields": [{"name": "a", "type": _t("int"), "required": True}]}
    b = {"name": "B", "fields": [{"name": "b", "type": _t("str"), "required": True}]}
    items = lambda *names: {"type": "list", "items": _union(*({"type": "model", "name": n} for n in names))}  # noqa: E731
    declaration = _declaration(("x", _union(items("A", "B"), _t("int"))), ("y", _union(items("B", "A"), _t("int"))), models=(a, b))
    [(schema_text, _)] = _build_in_turn([(declaration, None)])
    properties = json.loads(schema_text)["properties"]
    refs = {name: [member["$ref"] for member in properties[name]["anyOf"][0]["items"]["anyOf"]] for name in ("x", "y")}
    assert refs == {"x": ["#/$defs/A", "#/$defs/B"], "y": ["#/$defs/B", "#/$defs/A"]}
