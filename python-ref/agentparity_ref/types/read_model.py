"""Reading models, their fields, computed fields and config (mirrors `src/types/readModel.ts`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from . import declaration_messages as msg
from .declaration import ComputedFieldDeclaration, FieldDeclaration, ModelConfig, ModelDeclaration
from .declaration_tree import MISSING, check_known_keys, child_path, expect_array, expect_boolean, expect_object, expect_one_of, expect_string, fail, get, require_key
from .python_names import BASE_MODEL_ATTRIBUTES
from .read_constraints import constraint_target, read_constraints
from .read_default import DefaultNames, read_default, read_factory
from .read_names import NameRegistry, read_name
from .read_type_expr import TypeNames, read_type_expr

T = TypeVar("T")
Reader = Callable[[Any, str], Any]


@dataclass(frozen=True)
class ModelContext:
    registry: NameRegistry
    types: TypeNames
    defaults: DefaultNames


def _read_optional(node: dict[str, Any], path: str, readers: dict[str, Reader]) -> dict[str, Any]:
    """Reads the optional keys of `node` in the order given, keeping only those present."""
    result: dict[str, Any] = {}
    for key, read in readers.items():
        value = get(node, key)
        if value is not MISSING:
            result[key] = read(value, child_path(path, key))
    return result


def _read_config(tree: Any, path: str) -> ModelConfig:
    node = expect_object(tree, path)
    check_known_keys(node, ("title", "extra", "json_schema_extra", "json_schema_serialization_defaults_required"), path)
    return ModelConfig(
        **_read_optional(
            node,
            path,
            {
                "title": expect_string,
                "extra": lambda value, at: expect_one_of(value, ("allow", "ignore", "forbid"), at),
                "json_schema_extra": expect_object,
                "json_schema_serialization_defaults_required": expect_boolean,
            },
        )
    )


def property_key(field: FieldDeclaration, mode: str) -> str:
    """The key of the field's property in that mode: its alias for the mode, its alias, or its name."""
    alias = field.validation_alias if mode == "validation" else field.serialization_alias
    for key in (alias, field.alias):
        if key is not None:
            return key
    return field.name


class _ModelKeys:
    """Property keys already taken in each mode, and the field names, of the model being read."""

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.taken: dict[str, set[str]] = {"validation": set(), "serialization": set()}

    def claim_name(self, tree: Any, path: str) -> str:
        name = read_name(tree, path)
        if name.startswith("_"):
            fail(path, msg.private_field(name))
        if name in BASE_MODEL_ATTRIBUTES:
            fail(path, msg.shadows_base_model(name))
        if name in self.names:
            fail(path, msg.duplicate_field(name))
        self.names.add(name)
        return name

    def claim_property(self, key: str, mode: str, path: str) -> None:
        if key in self.taken[mode]:
            fail(path, msg.duplicate_property_key(key, mode))
        self.taken[mode].add(key)


_FIELD_KEYS = (
    "name", "type", "required", "default", "default_factory", "alias", "validation_alias",
    "serialization_alias", "title", "description", "examples", "json_schema_extra", "deprecated",
    "discriminator", "constraints",
)


def _read_field(tree: Any, path: str, keys: _ModelKeys, context: ModelContext) -> FieldDeclaration:
    node = expect_object(tree, path)
    check_known_keys(node, _FIELD_KEYS, path)
    name = keys.claim_name(require_key(node, "name", path), child_path(path, "name"))
    field_type = read_type_expr(require_key(node, "type", path), child_path(path, "type"), context.types)
    required = expect_boolean(require_key(node, "required", path), child_path(path, "required"))
    rest = _read_optional(
        node,
        path,
        {
            "default": lambda value, at: read_default(value, at, context.defaults),
            "default_factory": lambda value, at: read_factory(value, at, context.defaults),
            "alias": expect_string,
            "validation_alias": expect_string,
            "serialization_alias": expect_string,
            "title": expect_string,
            "description": expect_string,
            "examples": expect_array,
            "json_schema_extra": expect_object,
            "deprecated": expect_boolean,
            "discriminator": expect_string,
            "constraints": lambda value, at: read_constraints(value, at, constraint_target(field_type)),
        },
    )
    has_default = "default" in rest
    has_factory = "default_factory" in rest
    if has_default and has_factory:
        fail(child_path(path, "default_factory"), msg.default_and_factory())
    if required and (has_default or has_factory):
        key = "default" if has_default else "default_factory"
        fail(child_path(path, key), msg.required_with_default(key))
    if not required and not has_default and not has_factory:
        fail(child_path(path, "required"), msg.optional_without_default())
    field = FieldDeclaration(name=name, type=field_type, required=required, **rest)
    keys.claim_property(property_key(field, "validation"), "validation", path)
    keys.claim_property(property_key(field, "serialization"), "serialization", path)
    return field


def _read_computed_field(tree: Any, path: str, keys: _ModelKeys, context: ModelContext) -> ComputedFieldDeclaration:
    node = expect_object(tree, path)
    check_known_keys(node, ("name", "return_type", "description", "title"), path)
    name = keys.claim_name(require_key(node, "name", path), child_path(path, "name"))
    return_type = read_type_expr(require_key(node, "return_type", path), child_path(path, "return_type"), context.types)
    rest = _read_optional(node, path, {"description": expect_string, "title": expect_string})
    # A computed field is a property in serialization mode only.
    keys.claim_property(name, "serialization", path)
    return ComputedFieldDeclaration(name=name, return_type=return_type, **rest)


def _read_list(node: dict[str, Any], key: str, path: str, required: bool, read: Callable[[Any, str], T]) -> tuple[T, ...] | None:
    value = require_key(node, key, path) if required else get(node, key)
    if value is MISSING:
        return None
    list_path = child_path(path, key)
    items = expect_array(value, list_path)
    return tuple(read(item, child_path(list_path, index)) for index, item in enumerate(items))


def read_model(tree: Any, path: str, context: ModelContext) -> ModelDeclaration:
    """Reads one model: name, doc, config, fields, computed_fields."""
    node = expect_object(tree, path)
    check_known_keys(node, ("name", "doc", "config", "fields", "computed_fields"), path)
    name = context.registry.declare_model(require_key(node, "name", path), child_path(path, "name"))
    doc_node = get(node, "doc")
    doc = None if doc_node is MISSING or doc_node is None else expect_string(doc_node, child_path(path, "doc"))
    config_node = get(node, "config")
    config = None if config_node is MISSING else _read_config(config_node, child_path(path, "config"))
    keys = _ModelKeys()
    fields = _read_list(node, "fields", path, True, lambda item, at: _read_field(item, at, keys, context))
    computed = _read_list(node, "computed_fields", path, False, lambda item, at: _read_computed_field(item, at, keys, context))
    assert fields is not None
    return ModelDeclaration(name=name, fields=fields, doc=doc, config=config, computed_fields=computed)
