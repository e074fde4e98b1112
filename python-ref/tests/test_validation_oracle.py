"""The validation oracle the TypeScript validator is checked against is pydantic's own answer."""

from __future__ import annotations

import json

from validation_catalog import ORACLE, oracle_document


def test_the_oracle_file_is_what_pydantic_answers() -> None:
    assert json.loads(ORACLE.read_text(encoding="utf-8")) == json.loads(json.dumps(oracle_document()))
