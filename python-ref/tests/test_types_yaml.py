"""load_yaml reads YAML with the 1.2 core rules, exactly as the TypeScript parseYaml does."""

from __future__ import annotations

import json
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
