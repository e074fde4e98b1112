"""A declaration's pydantic models, built as the reference builds them (mirrors `conformance/kit/declarations.ts`).

The classes are made by `types.build_models` (`create_model`, module `agentparity.declared`), so
that a message naming a class, `agentparity.declared.Review`, reads as the reference's does.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from pydantic import BaseModel

from ..types import build_models, read_declaration

_BY_OBJECT: dict[int, tuple[Any, dict[str, type[BaseModel]]]] = {}
_BY_OBJECT_KEPT = 64


def declared_models(declaration: Any) -> dict[str, type[BaseModel]]:
    """The models of a neutral declaration (its enums left out), by name; `{}` for None.

    A declaration sent by key (feature `declaration_key`) arrives as the same object each time,
    found by identity without writing its text; the entry holds the object, so that its id cannot
    be reused while it is kept. Raises the reader's `DeclarationError` (a `ValueError`) for a
    malformed declaration.
    """
    if declaration is None:
        return {}
    known = _BY_OBJECT.get(id(declaration))
    if known is not None and known[0] is declaration:
        return known[1]
    models = _models_of(json.dumps(declaration))
    if len(_BY_OBJECT) >= _BY_OBJECT_KEPT:
        del _BY_OBJECT[next(iter(_BY_OBJECT))]
    _BY_OBJECT[id(declaration)] = (declaration, models)
    return models


@functools.lru_cache(maxsize=64)
def _models_of(declaration_text: str) -> dict[str, type[BaseModel]]:
    # Building pydantic models costs milliseconds; a fuzzing run sends the same declaration often.
    built = build_models(read_declaration(json.loads(declaration_text)))
    return {name: cls for name, cls in built.items() if isinstance(cls, type) and issubclass(cls, BaseModel)}
