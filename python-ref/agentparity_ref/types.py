"""Neutral type declarations: read and validate them, build pydantic models, render their schemas.

The Python side of `src/types/`: the same declaration format, the same validation (messages,
paths and walk order of docs/internals.md "Declaration errors"), and the models pydantic itself
renders, which are the reference for every schema the TypeScript renderer prints.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any

from ._declaration import (
    DECLARATION_FORMAT,
    ComputedFieldDeclaration,
    Constraints,
    Declaration,
    DefaultFactory,
    DefaultValue,
    DictType,
    EnumDeclaration,
    EnumMember,
    FieldDeclaration,
    ItemsType,
    LiteralType,
    ModelConfig,
    ModelDeclaration,
    RefType,
    ScalarType,
    SchemaMode,
    TupleType,
    TypeExpr,
    UnionType,
    UrlType,
)
from ._declaration_build import MODULE, build_models
from ._declaration_messages import DeclarationError, missing_key, unknown_model
from ._declaration_python_types import python_type
from ._declaration_read import DeclarationFileError, load_declaration, read_declaration
from ._declaration_type_expr import TypeNames, read_type_expr

__all__ = [
    "DECLARATION_FORMAT",
    "MODULE",
    "ComputedFieldDeclaration",
    "Constraints",
    "Declaration",
    "DeclarationError",
    "DeclarationFileError",
    "DefaultFactory",
    "DefaultValue",
    "DictType",
    "EnumDeclaration",
    "EnumMember",
    "FieldDeclaration",
    "ItemsType",
    "LiteralType",
    "ModelConfig",
    "ModelDeclaration",
    "RefType",
    "ScalarType",
    "SchemaMode",
    "TupleType",
    "TypeExpr",
    "UnionType",
    "UrlType",
    "build_models",
    "build_type",
    "load_declaration",
    "read_declaration",
    "read_type_expr_in",
    "render_schema",
    "root_model",
]


def read_type_expr_in(declaration: Declaration, tree: Any, path: str) -> TypeExpr:
    """Reads a type expression that refers to the enums and models of `declaration`."""
    names = TypeNames(
        enums=frozenset(declared.name for declared in declaration.enums or ()),
        models=frozenset(model.name for model in declaration.models or ()),
    )
    return read_type_expr(tree, path, names)


def build_type(expr: TypeExpr, classes: Mapping[str, type]) -> Any:
    """The Python type of a type expression, its references resolved to the classes that
    `build_models` built (`{"type": "int"}` is `int`, a model reference is the model class)."""
    enums = {name: built for name, built in classes.items() if isinstance(built, type) and issubclass(built, enum.Enum)}
    return python_type(expr, enums, lambda name: classes[name])


def root_model(declaration: Declaration, root: str | None = None) -> str:
    """The model a schema is rendered for: `root`, else the declaration's own root."""
    name = root if root is not None else declaration.root
    if name is None:
        raise DeclarationError(missing_key("root"), "$.root")
    if name not in {model.name for model in declaration.models or ()}:
        raise DeclarationError(unknown_model(name), "$.root")
    return name


def render_schema(declaration: Declaration, root: str | None = None, mode: SchemaMode | None = None) -> dict[str, Any]:
    """`Model.model_json_schema(mode=...)` of the root model (the declaration's, unless given),
    in the declaration's mode unless given (validation when neither says)."""
    name = root_model(declaration, root)
    built = build_models(declaration)[name]
    return built.model_json_schema(mode=mode or declaration.mode or "validation")  # type: ignore[attr-defined]
