"""Which names the reference can give to a model, enum, field or member.

Mirrors `src/types/pythonNames.ts`; the tests check both lists against Python's own
`keyword.kwlist` and `dir(pydantic.BaseModel)`.
"""

from __future__ import annotations

import re
import unicodedata

PYTHON_KEYWORDS = frozenset(
    """False None True and as assert async await break class continue def del elif else except
    finally for from global if import in is lambda nonlocal not or pass raise return try while
    with yield""".split()
)

BASE_MODEL_ATTRIBUTES = frozenset(
    """construct copy dict from_orm json model_computed_fields model_config model_construct
    model_copy model_dump model_dump_json model_extra model_fields model_fields_set
    model_json_schema model_parametrized_name model_post_init model_rebuild model_validate
    model_validate_json model_validate_strings parse_file parse_obj parse_raw schema schema_json
    update_forward_refs validate""".split()
)
"""The public attributes of `pydantic.BaseModel` (2.13): a field of one of these names shadows it."""

_DEFS_UNSAFE = re.compile(r"[^a-zA-Z0-9.\-_]")


def is_python_name(name: str) -> bool:
    """An identifier that is not a keyword and that NFKC leaves unchanged (Python normalizes
    identifiers in source, so a name NFKC changes would not refer to itself)."""
    return name.isidentifier() and name not in PYTHON_KEYWORDS and unicodedata.normalize("NFKC", name) == name


def defs_key(name: str) -> str:
    """The key pydantic files a model or enum under in `$defs`."""
    return _DEFS_UNSAFE.sub("_", name).replace(".", "__")
