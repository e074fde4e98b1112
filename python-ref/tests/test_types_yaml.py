"""load_yaml reads YAML with the 1.2 core rules, exactly as the TypeScript parseYaml does."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
import yaml

from agentparity_ref.pyjson import CoreLoader, load_yaml

FIXTURES = Path(__file__).resolve().parents[2] / "test/fixtures"


def test_reads_the_core_schema_sample_as_written_down() -> None:
    read = load_yaml((FIXTURES / "yamlCore.yaml").read_text(encoding="utf-8"))
    assert json.dumps(read) == (FIXTURES / "yamlCore.json").read_text(encoding="utf-8").strip()


def test_a_whole_float_stays_a_float_and_a_big_integer_stays_exact() -> None:
    read = load_yaml("a: 2.0\nb: 123456789012345678901234567890")
    assert type(read["a"]) is float
    assert read["b"] == 123456789012345678901234567890


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("a: 1\na: 2", "duplicate mapping key 'a'"),
        ("1: a", "mapping keys must be strings"),
        ("a: !!binary aGk=", "could not determine a constructor"),
        ("a: !!timestamp 2024-01-01", "could not determine a constructor"),
        ("a: [1", "expected ',' or ']'"),
    ],
)
def test_refuses_what_the_typescript_reader_refuses(text: str, problem: str) -> None:
    with pytest.raises(yaml.YAMLError, match=problem):
        load_yaml(text)


def test_aliases_read_as_copies_of_their_anchor() -> None:
    assert load_yaml("a: &x {b: 1}\nc: *x") == {"a": {"b": 1}, "c": {"b": 1}}


def test_is_a_safe_loader_that_leaves_pyyamls_own_alone() -> None:
    assert issubclass(CoreLoader, yaml.SafeLoader)
    assert yaml.safe_load("a: yes") == {"a": True}
    assert load_yaml("a: yes") == {"a": "yes"}


# The same documents as test/src/json/parseYaml.test.ts, refused with the same words at the same place.
def _laughs(levels: int) -> str:
    lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    lines += [f"a{i + 1}: &a{i + 1} [{', '.join([f'*a{i}'] * 9)}]" for i in range(levels)]
    return "\n".join(lines)


def _refusal(text: str, nesting_limit: float | None = None) -> tuple[str, int, int] | str:
    try:
        load_yaml(text) if nesting_limit is None else load_yaml(text, nesting_limit)
    except yaml.MarkedYAMLError as error:
        assert error.problem_mark is not None
        return (str(error.problem), error.problem_mark.line + 1, error.problem_mark.column + 1)
    return "read"


_WIDE = f"a: &a [{', '.join(['1'] * 100)}]\nb: &b [{', '.join(['*a'] * 100)}]\nc: [{', '.join(['*b'] * 10)}]\n"
_NESTED = "the document nests deeper than 200 levels, the limit for a YAML input file"


@pytest.mark.parametrize(
    ("text", "refusal"),
    [
        (_laughs(9), ("alias *a4 makes the document expand more than 10000 aliases, the limit for a YAML input file", 6, 10)),
        (_WIDE, ("alias *b makes the document expand past 100000 nodes through aliases, the limit for a YAML input file", 3, 37)),
        ("[" * 1_000_000 + "]" * 1_000_000, (_NESTED, 1, 201)),
        ("\n".join(f"{' ' * i}- " for i in range(201)), (_NESTED, 201, 201)),
        (f"a: &a {'[' * 150}{']' * 150}\nb: {'[' * 60}*a{']' * 60}\n", (_NESTED, 2, 64)),
        (_laughs(2), "read"),
        ("[" * 200 + "]" * 200, "read"),
    ],
    ids=["alias-count", "alias-nodes", "deep-flow", "deep-block", "deep-through-alias", "small-laughs", "200-deep"],
)
def test_refuses_past_the_limits_as_the_typescript_reader_does(text: str, refusal: tuple[str, int, int] | str) -> None:
    assert _refusal(text) == refusal


def test_keeps_no_nesting_limit_for_a_result() -> None:
    assert _refusal("[" * 300 + "]" * 300, math.inf) == "read"
