"""Checks that need every model read first (mirrors `src/types/declarationChecks.ts`)."""

from __future__ import annotations

from collections.abc import Mapping

from . import declaration_messages as msg
from .declaration import Declaration, FieldDeclaration, LiteralType, ModelDeclaration, RefType, UnionType
from .declaration_tree import fail, is_py_int
from .default_checks import check_instance_defaults
from .read_model import property_key
from .type_expr_key import flatten_union


def check_declaration(declaration: Declaration) -> None:
    """Runs after the walk: discriminators (models in order, fields in order), then cycles of
    model-instance defaults, then what making each of them takes (`check_instance_defaults`)."""
    models = declaration.models or ()
    by_name = {model.name: model for model in models}
    for model_index, model in enumerate(models):
        for field_index, field in enumerate(model.fields):
            if field.discriminator is not None:
                path = f"$.models[{model_index}].fields[{field_index}].discriminator"
                _check_discriminator(field, field.discriminator, by_name, path)
    _check_default_cycles(models)
    check_instance_defaults(declaration)


def _check_discriminator(field: FieldDeclaration, key: str, models: Mapping[str, ModelDeclaration], path: str) -> None:
    members = []
    if isinstance(field.type, UnionType):
        members = [member for member, _ in flatten_union(field.type.members, "$") if member.type != "none"]
    if not members or any(not isinstance(m, RefType) or m.type != "model" or m.constraints is not None for m in members):
        fail(path, msg.discriminator_needs_union(key))
    first: tuple[str, str] | None = None
    tags: dict[str, str] = {}
    for member in members:
        assert isinstance(member, RefType)
        name = member.name
        tag_field = next((candidate for candidate in models[name].fields if candidate.name == key), None)
        if tag_field is None or not isinstance(tag_field.type, LiteralType):
            fail(path, msg.discriminator_field(name, key))
        prop = property_key(tag_field, "validation")
        if first is None:
            first = (name, prop)
        elif prop != first[1]:
            fail(path, msg.discriminator_alias(key, name, prop, first[0], first[1]))
        for value in tag_field.type.values:
            if not isinstance(value, str) and not is_py_int(value):
                fail(path, msg.discriminator_value_type(name, value))
            # pydantic maps each value by str(value), so 1 and "1" collide.
            tag = str(value)
            owner = tags.get(tag)
            if owner is not None:
                fail(path, msg.discriminator_value_clash(tag, owner, name))
            tags[tag] = name


def _check_default_cycles(models: tuple[ModelDeclaration, ...]) -> None:
    edges: dict[str, list[tuple[str, str]]] = {}
    for model_index, model in enumerate(models):
        out = []
        for field_index, field in enumerate(model.fields):
            if field.default is not None and field.default.kind == "model":
                assert field.default.model is not None
                out.append((field.default.model, f"$.models[{model_index}].fields[{field_index}].default"))
        edges[model.name] = out
    state: dict[str, str] = {}
    stack: list[str] = []

    def visit(name: str) -> None:
        state[name] = "active"
        stack.append(name)
        for target, path in edges.get(name, ()):
            if state.get(target) == "active":
                fail(path, msg.default_cycle([*stack[stack.index(target):], target]))
            if target not in state:
                visit(target)
        stack.pop()
        state[name] = "done"

    for model in models:
        if model.name not in state:
            visit(model.name)
