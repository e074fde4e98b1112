"""Checks that need every model read first (mirrors `src/types/declarationChecks.ts`)."""

from __future__ import annotations

from . import declaration_messages as msg
from .declaration import Declaration, ModelDeclaration, UnionType
from .declaration_tree import fail
from .default_checks import check_instance_defaults
from .discriminator_checks import check_discriminator, check_type_discriminators


def check_declaration(declaration: Declaration) -> None:
    """Runs after the walk: discriminators (models in order, fields in order, each field's inner
    unions before its own), then cycles of model-instance defaults, then what making each of them
    takes (`check_instance_defaults`)."""
    models = declaration.models or ()
    by_name = {model.name: model for model in models}
    for model_index, model in enumerate(models):
        for field_index, field in enumerate(model.fields):
            path = f"$.models[{model_index}].fields[{field_index}]"
            if field.discriminator is not None and isinstance(field.type, UnionType) and field.type.discriminator is not None:
                fail(f"{path}.discriminator", msg.discriminator_twice())
            check_type_discriminators(field.type, by_name, f"{path}.type")
            if field.discriminator is not None:
                check_discriminator(field.type, field.discriminator, by_name, f"{path}.discriminator")
        for computed_index, computed in enumerate(model.computed_fields or ()):
            path = f"$.models[{model_index}].computed_fields[{computed_index}].return_type"
            check_type_discriminators(computed.return_type, by_name, path)
    _check_default_cycles(models)
    check_instance_defaults(declaration)


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
