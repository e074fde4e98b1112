"""read_declaration: the shared table of refusals, what it accepts, and the name lists."""

from __future__ import annotations

import datetime
import keyword
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel

from agentparity_ref.pyjson import load_yaml
from agentparity_ref.types import (
    DeclarationError,
    DeclarationFileError,
    DefaultValue,
    LiteralType,
    RefType,
    ScalarType,
    load_declaration,
    read_declaration,
)
from agentparity_ref.types.default_forms import accepts_form, duration_micros
from agentparity_ref.types.python_names import BASE_MODEL_ATTRIBUTES, PYTHON_KEYWORDS

REPO = Path(__file__).resolve().parents[2]
TABLE = load_yaml((REPO / "test/fixtures/declarationErrors.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", TABLE["cases"], ids=[case["name"] for case in TABLE["cases"]])
def test_refuses_a_malformed_declaration_with_the_tabled_path_and_message(case: dict) -> None:
    with pytest.raises(DeclarationError) as caught:
        read_declaration(case["declaration"])
    assert (caught.value.path, caught.value.message) == (case["path"], case["message"])
    assert isinstance(caught.value, ValueError)


def _declaration(body: str) -> dict:
    return load_yaml(f"format: pydantic-neutral-declaration/1\n{body}")


def test_reads_structure_and_keeps_values() -> None:
    declaration = read_declaration(
        _declaration(
            """root: Review
enums:
  - {name: Color, base: str, members: [{name: RED, value: r}]}
models:
  - name: Review
    doc: A review.
    fields:
      - {name: path, type: {type: str}, required: true, alias: filePath}
      - {name: ratio, type: {type: float}, required: false, default: {kind: float, value: 2}}
      - {name: color, type: {type: enum, name: Color}, required: false, default: {kind: enum, enum: Color, value: r}}
      - {name: kind, type: {type: literal, values: [a, 1, true]}, required: true}
"""
        )
    )
    review = declaration.model("Review")
    assert declaration.root == "Review"
    assert review.doc == "A review."
    assert review.fields[0].type == ScalarType("str") and review.fields[0].alias == "filePath"
    ratio = review.fields[1].default
    assert ratio == DefaultValue(value=2.0, kind="float") and type(ratio.value) is float
    assert review.fields[2].type == RefType("enum", "Color")
    assert review.fields[3].type == LiteralType(("a", 1, True))


def test_a_model_may_refer_to_one_declared_further_down() -> None:
    declaration = read_declaration(
        _declaration(
            """models:
  - {name: A, fields: [{name: b, type: {type: model, name: B}, required: true}]}
  - {name: B, fields: [{name: a, type: {type: list, items: {type: model, name: A}}, required: true}]}
"""
        )
    )
    assert [model.name for model in declaration.models or ()] == ["A", "B"]


def test_the_name_lists_are_pythons_own() -> None:
    assert PYTHON_KEYWORDS == frozenset(keyword.kwlist)
    assert BASE_MODEL_ATTRIBUTES == frozenset(name for name in dir(BaseModel) if not name.startswith("_"))


def _ts_set(name: str) -> set[str]:
    source = (REPO / "src/types/pythonNames.ts").read_text(encoding="utf-8")
    body = re.search(rf"{name}: ReadonlySet<string> = new Set\(\[(.*?)\]\)", source, re.S)
    assert body is not None
    return set(re.findall(r"'([^']+)'", body.group(1)))


def test_typescript_holds_the_same_name_lists() -> None:
    assert _ts_set("PYTHON_KEYWORDS") == PYTHON_KEYWORDS
    assert _ts_set("BASE_MODEL_ATTRIBUTES") == BASE_MODEL_ATTRIBUTES


_digits = st.integers(min_value=0, max_value=99).map(lambda n: f"{n:02d}")


@given(
    st.integers(min_value=0, max_value=9999).map(lambda n: f"{n:04d}"),
    _digits,
    _digits,
    _digits,
    _digits,
    st.one_of(st.none(), _digits),
    st.one_of(st.none(), st.text("0123456789", min_size=1, max_size=6)),
    st.one_of(st.none(), st.just("Z"), st.tuples(st.sampled_from("+-"), _digits, _digits).map("".join)),
)
def test_an_accepted_datetime_is_one_python_parses_and_a_refused_one_is_not(
    year: str, month: str, day: str, hour: str, minute: str, second: str | None, fraction: str | None, zone: str | None
) -> None:
    text = f"{year}-{month}-{day}T{hour}:{minute}"
    if second is not None:
        text += f":{second}" + (f".{fraction}" if fraction else "")
    if zone is not None:
        text += zone if zone == "Z" else f"{zone[0]}{zone[1:3]}:{zone[3:]}"
    try:
        datetime.datetime.fromisoformat(text)
        parsed = True
    except ValueError:
        parsed = False
    # Python also takes offset minutes of 60 and more (as more hours); the declaration does not.
    if zone not in (None, "Z") and int(zone[3:]) > 59:
        assert not accepts_form("datetime", text)
    else:
        assert accepts_form("datetime", text) == parsed


@given(st.integers(min_value=-(10**15), max_value=10**15))
def test_a_duration_reads_as_its_microseconds(micros: int) -> None:
    delta = datetime.timedelta(microseconds=micros)
    sign = "-" if micros < 0 else ""
    whole = abs(delta)
    text = f"{sign}P{whole.days}DT{whole.seconds // 3600}H{whole.seconds % 3600 // 60}M{whole.seconds % 60}.{whole.microseconds:06d}S"
    assert duration_micros(text) == micros


def test_load_declaration_reads_json_and_yaml(tmp_path: Path) -> None:
    body = '{"format": "pydantic-neutral-declaration/1", "models": [{"name": "M", "fields": []}]}'
    (tmp_path / "d.json").write_text(body, encoding="utf-8")
    (tmp_path / "d.yml").write_text(body, encoding="utf-8")
    assert load_declaration(tmp_path / "d.json") == load_declaration(tmp_path / "d.yml")


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("bad.json", '{"format": ', "cannot read declaration: Expecting value"),
        ("bad.yaml", "a: [1", "cannot read declaration: while parsing"),
        ("dup.yaml", "a: 1\na: 2", "cannot read declaration: duplicate mapping key 'a'"),
        ("d.toml", "x = 1", 'unsupported declaration file extension ".toml"'),
        ("refused.yaml", "format: pydantic-neutral-declaration/1\nroot: X", '$.root: model "X" is not declared'),
    ],
)
def test_load_declaration_names_the_file(tmp_path: Path, name: str, text: str, message: str) -> None:
    (tmp_path / name).write_text(text, encoding="utf-8")
    with pytest.raises(DeclarationFileError) as caught:
        load_declaration(tmp_path / name)
    assert caught.value.file == str(tmp_path / name)
    assert str(caught.value).startswith(f"{tmp_path / name}: {message}")


def test_load_declaration_names_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(DeclarationFileError, match="missing.yaml: cannot read declaration"):
        load_declaration(tmp_path / "missing.yaml")


def _deep_declaration(depth: int) -> dict[str, object]:
    value: list[object] = []
    for _ in range(depth - 1):
        value = [value]
    field = {"name": "f", "type": {"type": "any"}, "required": False, "default": {"kind": "list", "value": value}}
    return {"format": "pydantic-neutral-declaration/1", "models": [{"name": "M", "fields": [field]}]}


def test_a_tree_deeper_than_200_levels_is_refused_at_the_first_container_past_them() -> None:
    with pytest.raises(DeclarationError) as caught:
        read_declaration(_deep_declaration(1_000_000))
    assert str(caught.value) == "the declaration nests deeper than 200 levels"
    assert caught.value.path == "$.models[0].fields[0].default.value" + "[0]" * 194


def test_a_tree_of_exactly_200_levels_is_read() -> None:
    assert read_declaration(_deep_declaration(194)).models[0].name == "M"  # type: ignore[index]
