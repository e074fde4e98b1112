"""pydantic models from a declaration, with `create_model` (the rules document's §1 rebuild)."""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import Any, ForwardRef

from pydantic import BaseModel, ConfigDict, Field, computed_field, create_model

from .declaration import (
    ComputedFieldDeclaration,
    Declaration,
    FieldDeclaration,
    ModelConfig,
    ModelDeclaration,
    TypeExpr,
)
from .python_types import build_enum, constraint_kwargs, python_default, python_type

MODULE = "agentparity.declared"
"""The `__module__` of every class built from a declaration."""


def _ref_name(name: str) -> str:
    # Model references are evaluated in a namespace of our own; a prefix keeps a model called
    # `str` or `Decimal` from resolving to the builtin or to a name in this module.
    return f"_declared_{name}"


def _forward(name: str) -> ForwardRef:
    return ForwardRef(_ref_name(name))


def _config(config: ModelConfig | None) -> ConfigDict | None:
    if config is None:
        return None
    options = {
        key: getattr(config, key)
        for key in ("title", "extra", "json_schema_extra", "json_schema_serialization_defaults_required")
        if getattr(config, key) is not None
    }
    return ConfigDict(**options)  # type: ignore[typeddict-item]


_FIELD_OPTIONS = (
    "alias", "validation_alias", "serialization_alias", "title", "description", "examples",
    "json_schema_extra", "deprecated", "discriminator",
)


def _field(field: FieldDeclaration, enums: Mapping[str, type[enum.Enum]], models: Mapping[str, Any]) -> tuple[Any, Any]:
    kwargs: dict[str, Any] = {key: getattr(field, key) for key in _FIELD_OPTIONS if getattr(field, key) is not None}
    kwargs.update(constraint_kwargs(field.constraints))
    if field.default is not None:
        # A model instance is filled in by the second pass, once that model is complete.
        kwargs["default"] = None if field.default.kind == "model" else python_default(field.default, enums, models)
    elif field.default_factory is not None:
        kwargs["default_factory"] = _factory(field, enums, models)
    return python_type(field.type, enums, _forward), Field(**kwargs)


def _factory(field: FieldDeclaration, enums: Mapping[str, type[enum.Enum]], models: Mapping[str, Any]) -> Callable[[], Any]:
    factory = field.default_factory
    assert factory is not None
    if factory.builtin is not None:
        return {"list": list, "dict": dict, "set": set}[factory.builtin]
    returns = factory.returns
    assert returns is not None
    # Called at instantiation, when every model is complete; each call makes a fresh value.
    return lambda: python_default(returns, enums, models)


def _computed_property(model: str, declared: ComputedFieldDeclaration, enums: Mapping[str, type[enum.Enum]]) -> Any:
    def compute(self: BaseModel) -> Any:
        # The declaration states the field's type, not how to compute it.
        raise NotImplementedError(f"computed field {declared.name!r} of the declared model {model!r} has no implementation")

    compute.__name__ = declared.name
    options = {key: getattr(declared, key) for key in ("title", "description") if getattr(declared, key) is not None}
    return_type = python_type(declared.return_type, enums, _forward)
    return computed_field(property(compute), return_type=return_type, repr=False, **options)


def _base(model: ModelDeclaration, enums: Mapping[str, type[enum.Enum]]) -> type[BaseModel]:
    """The dynamic base that carries computed fields (which `create_model` cannot declare)."""
    namespace: dict[str, Any] = {"__module__": MODULE, "__qualname__": f"{model.name}Base", "__doc__": None}
    config = _config(model.config)
    if config is not None:
        namespace["model_config"] = config
    for declared in model.computed_fields or ():
        namespace[declared.name] = _computed_property(model.name, declared, enums)
    return type(f"{model.name}Base", (BaseModel,), namespace)


def _create(model: ModelDeclaration, enums: Mapping[str, type[enum.Enum]], models: Mapping[str, Any]) -> type[BaseModel]:
    fields = {field.name: _field(field, enums, models) for field in model.fields}
    if model.computed_fields:
        return create_model(
            model.name, __base__=_base(model, enums), __module__=MODULE, __doc__=model.doc, **fields
        )  # type: ignore[call-overload]
    return create_model(
        model.name, __config__=_config(model.config), __module__=MODULE, __doc__=model.doc, **fields
    )  # type: ignore[call-overload]


def _default_order(models: tuple[ModelDeclaration, ...]) -> list[ModelDeclaration]:
    """Models with model-instance defaults, each after the models its defaults instantiate (the
    reader refuses cycles)."""
    by_name = {model.name: model for model in models}
    order: list[ModelDeclaration] = []
    seen: set[str] = set()

    def visit(model: ModelDeclaration) -> None:
        seen.add(model.name)
        for field in model.fields:
            if field.default is not None and field.default.kind == "model":
                assert field.default.model is not None
                if field.default.model not in seen:
                    visit(by_name[field.default.model])
        order.append(model)

    for model in models:
        if model.name not in seen:
            visit(model)
    return [model for model in order if any(f.default is not None and f.default.kind == "model" for f in model.fields)]


def build_models(declaration: Declaration) -> dict[str, type]:
    """Every declared enum and model as a Python class, by name.

    Models refer to each other through `ForwardRef`s, resolved by `model_rebuild(force=True)`
    once all exist. Model-instance defaults take a second pass: in dependency order each one is
    made by its (complete) model, set on the field, and the owner rebuilt; then every model is
    rebuilt so that each schema embeds the final ones.
    """
    enums = {declared.name: build_enum(declared, MODULE) for declared in declaration.enums or ()}
    models: dict[str, type[BaseModel]] = {}
    for model in declaration.models or ():
        models[model.name] = _create(model, enums, models)
    namespace = {_ref_name(name): built for name, built in models.items()}
    for built in models.values():
        built.model_rebuild(force=True, _types_namespace=namespace)
    pending = _default_order(declaration.models or ())
    for model in pending:
        built = models[model.name]
        for field in model.fields:
            if field.default is not None and field.default.kind == "model":
                built.__pydantic_fields__[field.name].default = python_default(field.default, enums, models)
        built.model_rebuild(force=True, _types_namespace=namespace)
    if pending:
        for built in models.values():
            built.model_rebuild(force=True, _types_namespace=namespace)
    return {**enums, **models}


def build_type(expr: TypeExpr, classes: Mapping[str, type]) -> Any:
    """The Python type of a type expression, its references resolved to the classes that
    `build_models` built (`{"type": "int"}` is `int`, a model reference is the model class)."""
    enums = {name: built for name, built in classes.items() if isinstance(built, type) and issubclass(built, enum.Enum)}
    return python_type(expr, enums, lambda name: classes[name])
