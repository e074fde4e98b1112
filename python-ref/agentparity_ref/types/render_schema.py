"""The JSON Schema pydantic renders for a declared model. Mirrors `src/types/renderSchema.ts`."""

from __future__ import annotations

from typing import Any

from .build_models import build_models
from .declaration import Declaration, SchemaMode
from .declaration_messages import missing_key, unknown_model
from .declaration_tree import fail


def root_model(declaration: Declaration, root: str | None = None) -> str:
    """The model a schema is rendered for: `root`, else the declaration's own root."""
    name = root if root is not None else declaration.root
    if name is None:
        fail("$.root", missing_key("root"))
    if name not in {model.name for model in declaration.models or ()}:
        fail("$.root", unknown_model(name))
    return name


def render_schema(declaration: Declaration, root: str | None = None, mode: SchemaMode | None = None) -> dict[str, Any]:
    """`Model.model_json_schema(mode=...)` of the root model (the declaration's, unless given),
    in the declaration's mode unless given (validation when neither says)."""
    name = root_model(declaration, root)
    built = build_models(declaration)[name]
    return built.model_json_schema(mode=mode or declaration.mode or "validation")  # type: ignore[attr-defined]
