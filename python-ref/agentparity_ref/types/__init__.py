"""Neutral type declarations: read and validate them, build pydantic models, render their schemas.

The Python side of `src/types/`: the same declaration format, the same validation (messages,
paths and walk order of docs/internals.md "Declaration errors"), and the models pydantic itself
renders, which are the reference for every schema the TypeScript renderer prints.
"""

from .build_models import MODULE, build_models, build_type
from .declaration import (
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
from .declaration_messages import DeclarationError
from .read_declaration import DeclarationFileError, load_declaration, read_declaration
from .read_type_expr import read_type_expr_in
from .render_schema import render_schema, root_model

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
