"""Reading and validating a whole declaration (mirrors `src/types/readDeclaration.ts`)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any, TypeVar

import yaml

from .. import pyjson
from ..pyjson.parse_yaml import load_yaml
from . import declaration_messages as msg
from .declaration import DECLARATION_FORMAT, Declaration
from .declaration_checks import check_declaration
from .declaration_nesting import check_declaration_nesting
from .declaration_messages import DeclarationError
from .declaration_tree import MISSING, check_known_keys, child_path, expect_array, expect_object, expect_one_of, expect_string, fail, get, require_key
from .read_default import DefaultNames
from .read_enum import read_enum
from .read_model import ModelContext, read_model
from .read_names import NameRegistry
from .read_type_expr import TypeNames

T = TypeVar("T")


def _declared_model_names(node: dict[str, Any]) -> frozenset[str]:
    """Types may refer to a model declared further down, so model names are gathered before the
    walk: every element of `models` that is an object with a string `name`."""
    models = node.get("models")
    if not isinstance(models, list):
        return frozenset()
    return frozenset(
        model["name"] for model in models if isinstance(model, dict) and isinstance(model.get("name"), str)
    )


def _read_list(node: dict[str, Any], key: str, read: Callable[[Any, str], T]) -> tuple[T, ...] | None:
    value = get(node, key)
    if value is MISSING:
        return None
    path = child_path("$", key)
    return tuple(read(item, child_path(path, index)) for index, item in enumerate(expect_array(value, path)))


def read_declaration(tree: Any) -> Declaration:
    """Validates a declaration tree (as `json.loads` or `load_yaml` read it) against the neutral
    format and returns it as dataclasses. The first problem, in the walk order of
    docs/internals.md ("Declaration errors"), is raised as a `DeclarationError` with its JSON path."""
    check_declaration_nesting(tree)
    node = expect_object(tree, "$")
    check_known_keys(node, ("format", "root", "mode", "enums", "models"), "$")
    declared_format = expect_string(require_key(node, "format", "$"), "$.format")
    if declared_format != DECLARATION_FORMAT:
        fail("$.format", msg.unsupported_format(declared_format))
    models = _declared_model_names(node)
    root_node = get(node, "root")
    root = None if root_node is MISSING else expect_string(root_node, "$.root")
    if root is not None and root not in models:
        fail("$.root", msg.unknown_model(root))
    mode_node = get(node, "mode")
    mode = None if mode_node is MISSING else expect_one_of(mode_node, ("validation", "serialization"), "$.mode")
    registry = NameRegistry()
    enums = _read_list(node, "enums", lambda item, path: read_enum(item, path, registry))
    enums_by_name = {declared.name: declared for declared in enums or ()}
    context = ModelContext(
        registry=registry,
        types=TypeNames(enums=frozenset(enums_by_name), models=models),
        defaults=DefaultNames(enums=enums_by_name, models=models),
    )
    model_list = _read_list(node, "models", lambda item, path: read_model(item, path, context))
    declaration = Declaration(root=root, mode=mode, enums=enums, models=model_list)  # type: ignore[arg-type]
    check_declaration(declaration)
    return declaration


class DeclarationFileError(DeclarationError):
    """A declaration file that cannot be read, parsed or accepted; the message names the file."""

    def __init__(self, file: str, reason: str, path: str | None = None, *, code: str) -> None:
        super().__init__(f"{file}: {'' if path is None else f'{path}: '}{reason}", path, code=code)
        self.file = file


def _parse_file(file: str, text: str) -> Any:
    extension = os.path.splitext(file)[1].lower()
    if extension == ".json":
        return pyjson.loads(text)
    if extension in (".yaml", ".yml"):
        return load_yaml(text)
    raise DeclarationFileError(
        file, f"unsupported declaration file extension {json.dumps(extension)}; expected .json, .yaml or .yml",
        code="DECLARATION_FILE_EXTENSION",
    )


def load_declaration(path: str | os.PathLike[str]) -> Declaration:
    """Reads a declaration from a `.json` or `.yaml`/`.yml` file."""
    file = os.fspath(path)
    try:
        with open(file, encoding="utf-8") as handle:
            tree = _parse_file(file, handle.read())
    except DeclarationFileError:
        raise
    except (OSError, UnicodeDecodeError, ValueError, yaml.YAMLError) as error:
        raise DeclarationFileError(file, f"cannot read declaration: {error}", code="DECLARATION_FILE_UNREADABLE") from error
    try:
        return read_declaration(tree)
    except DeclarationError as error:
        raise DeclarationFileError(file, error.message, error.path, code=error.code) from error
