"""pydantic models from a declaration, with `create_model` (the rules document's §1 rebuild)."""

from __future__ import annotations

import enum
from collections.abc import Callable, Collection, Mapping
from typing import Any, ForwardRef

from pydantic import BaseModel, ConfigDict, Field, computed_field, create_model

from .declaration import (
    ComputedFieldDeclaration,
    Declaration,
    DictType,
    FieldDeclaration,
    ItemsType,
    ModelConfig,
    ModelDeclaration,
    RefType,
    TupleType,
    TypeExpr,
    UnionType,
)
from .default_needs import DefaultWalk
from .python_types import build_enum, constraint_kwargs, python_default, python_type

MODULE = "agentparity.declared"
"""The `__module__` of every class built from a declaration."""


class _Deferred:
    """The field and computed-field types that name models, each behind a `ForwardRef` of its own
    until every class exists.

    Resolving `Optional[ForwardRef("A")]` inside pydantic makes typing build the union again
    through its cache, which can hand back an equal union built earlier with its members in
    another order. A whole annotation behind one name is looked up, not rebuilt: its unions are
    built once, from the classes themselves, in declaration order."""

    def __init__(self) -> None:
        self.types: dict[str, TypeExpr] = {}

    def annotation(self, expr: TypeExpr, enums: Mapping[str, type[enum.Enum]]) -> Any:
        if not _mentions_model(expr):
            return python_type(expr, enums, _unreachable_model)
        name = f"_declared_type_{len(self.types)}"
        self.types[name] = expr
        return ForwardRef(name)

    def namespace(self, enums: Mapping[str, type[enum.Enum]], models: Mapping[str, type[BaseModel]]) -> dict[str, Any]:
        """What each name stands for, once every model class exists."""
        return {name: python_type(expr, enums, models.__getitem__) for name, expr in self.types.items()}


def _unreachable_model(name: str) -> Any:
    raise AssertionError(f"a type that names no model named model {name!r}")


def _mentions_model(expr: TypeExpr) -> bool:
    if isinstance(expr, RefType):
        return expr.type == "model"
    if isinstance(expr, ItemsType):
        return expr.items is not None and _mentions_model(expr.items)
    if isinstance(expr, DictType):
        return any(inner is not None and _mentions_model(inner) for inner in (expr.keys, expr.values))
    if isinstance(expr, TupleType):
        return any(_mentions_model(item) for item in expr.items)
    if isinstance(expr, UnionType):
        return any(_mentions_model(member) for member in expr.members)
    return False


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


InstanceDefault = Callable[[ModelDeclaration, FieldDeclaration, Mapping[str, type[BaseModel]]], Any]
"""What a model-instance default is when its owner is created, given the classes created so far."""


def _field(
    model: ModelDeclaration,
    field: FieldDeclaration,
    enums: Mapping[str, type[enum.Enum]],
    models: Mapping[str, Any],
    deferred: _Deferred,
    instance_default: InstanceDefault,
) -> tuple[Any, Any]:
    kwargs: dict[str, Any] = {key: getattr(field, key) for key in _FIELD_OPTIONS if getattr(field, key) is not None}
    kwargs.update(constraint_kwargs(field.constraints))
    if field.default is not None:
        kind = field.default.kind
        kwargs["default"] = instance_default(model, field, models) if kind == "model" else python_default(field.default, enums, models)
    elif field.default_factory is not None:
        kwargs["default_factory"] = _factory(field, enums, models)
    return deferred.annotation(field.type, enums), Field(**kwargs)


def _factory(field: FieldDeclaration, enums: Mapping[str, type[enum.Enum]], models: Mapping[str, Any]) -> Callable[[], Any]:
    factory = field.default_factory
    assert factory is not None
    if factory.builtin is not None:
        return {"list": list, "dict": dict, "set": set}[factory.builtin]
    returns = factory.returns
    assert returns is not None
    # Called at instantiation, when every model is complete; each call makes a fresh value.
    return lambda: python_default(returns, enums, models)


def _computed_property(
    model: str, declared: ComputedFieldDeclaration, enums: Mapping[str, type[enum.Enum]], deferred: _Deferred
) -> Any:
    def compute(self: BaseModel) -> Any:
        # The declaration states the field's type, not how to compute it. The builtin itself, as a
        # hand-written getter would raise it: its class name is what the caller sees.
        raise NotImplementedError(f"computed field {declared.name!r} of the declared model {model!r} has no implementation")

    compute.__name__ = declared.name
    options = {key: getattr(declared, key) for key in ("title", "description") if getattr(declared, key) is not None}
    return_type = deferred.annotation(declared.return_type, enums)
    return computed_field(property(compute), return_type=return_type, repr=False, **options)


def _base(model: ModelDeclaration, enums: Mapping[str, type[enum.Enum]], deferred: _Deferred) -> type[BaseModel]:
    """The dynamic base that carries computed fields (which `create_model` cannot declare).

    Only its subclass is ever used, so it is never built: its `defer_build` is taken back out of
    its config once it exists, and the subclass's config is the declared one."""
    namespace: dict[str, Any] = {"__module__": MODULE, "__qualname__": f"{model.name}Base", "__doc__": None}
    namespace["model_config"] = ConfigDict(**(_config(model.config) or {}), defer_build=True)  # type: ignore[typeddict-item]
    for declared in model.computed_fields or ():
        namespace[declared.name] = _computed_property(model.name, declared, enums, deferred)
    return _undefer(type(f"{model.name}Base", (BaseModel,), namespace))


def _undefer(built: type[BaseModel]) -> type[BaseModel]:
    """A class created with `defer_build`, its config then the declared one again (what a
    subclass inherits and `model_rebuild` reads)."""
    del built.model_config["defer_build"]
    return built


def _create(
    model: ModelDeclaration,
    enums: Mapping[str, type[enum.Enum]],
    models: Mapping[str, Any],
    deferred: _Deferred,
    instance_default: InstanceDefault,
    defer: bool,
) -> type[BaseModel]:
    named_before = len(deferred.types)
    fields = {field.name: _field(model, field, enums, models, deferred, instance_default) for field in model.fields}
    base = _base(model, enums, deferred) if model.computed_fields else None
    config = None if base is not None else _config(model.config)
    if not defer and len(deferred.types) == named_before:
        return create_model(model.name, __config__=config, __base__=base, __module__=MODULE, __doc__=model.doc, **fields)  # type: ignore[call-overload]
    # A model whose types name models cannot be built before `build_classes` rebuilds it: building
    # it now would only fail at its first `ForwardRef`.
    deferred_class = create_model(
        model.name, __config__=config, __base__=base, __module__=MODULE, __doc__=model.doc, __cls_kwargs__={"defer_build": True}, **fields
    )  # type: ignore[call-overload]
    return _undefer(deferred_class)


def _creation_order(models: tuple[ModelDeclaration, ...]) -> list[ModelDeclaration]:
    """The models in declaration order, except that a model comes after those its model-instance
    defaults instantiate (the reader refuses cycles), so that each default's class exists."""
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
    return order


def build_classes(
    declaration: Declaration, instance_default: InstanceDefault, needed: Collection[str] | None = None
) -> tuple[dict[str, type[enum.Enum]], dict[str, type[BaseModel]]]:
    """The enums and the complete model classes, by name in declaration order.

    A type that names models is a `ForwardRef` (see `_Deferred`): the models that name none are
    complete once created; then every model is rebuilt (`model_rebuild(force=True)`) in
    declaration order, each reusing the schemas of the models complete by then. pydantic's output
    can depend on that order, which `src/types/schema/core/buildClasses.ts` replays.

    With `needed`, for a caller that only validates with those models: the others are created
    deferred and left so (the schema of one that a needed model names is built inside it).
    """
    enums = {declared.name: build_enum(declared, MODULE) for declared in declaration.enums or ()}
    declared = declaration.models or ()
    created: dict[str, type[BaseModel]] = {}
    deferred = _Deferred()
    for model in _creation_order(declared):
        created[model.name] = _create(model, enums, created, deferred, instance_default, needed is not None)
    models = {model.name: created[model.name] for model in declared}
    namespace = deferred.namespace(enums, models)
    for name, built in models.items():
        if not built.__pydantic_complete__ and (needed is None or name in needed):
            built.model_rebuild(force=True, _types_namespace=namespace)
    return enums, models


def build_models(declaration: Declaration) -> dict[str, type]:
    """Every declared enum and model as a Python class, by name.

    A model-instance default is an instance of its model, created empty with the owner's class
    (`__new__`, as `model_construct` does) and filled in place once every class is complete
    (`__init__` of the declared value, which is `model_validate`): every schema and validator
    that holds the default holds that very object, so none keeps a stand-in. They are filled
    each after the defaults its value takes (`DefaultWalk.making_order`), as a hand-written
    class would find them made.
    """
    empty: dict[tuple[str, str], BaseModel] = {}

    def instance_default(model: ModelDeclaration, field: FieldDeclaration, created: Mapping[str, type[BaseModel]]) -> BaseModel:
        assert field.default is not None and field.default.model is not None
        cls = created[field.default.model]
        empty[(model.name, field.name)] = instance = cls.__new__(cls)
        return instance

    enums, models = build_classes(declaration, instance_default)
    for site in DefaultWalk(declaration).making_order():
        if not site.factory:
            models[site.made.model].__init__(empty[(site.model, site.field)], **site.made.value)
    return {**enums, **models}


def build_type(expr: TypeExpr, classes: Mapping[str, type]) -> Any:
    """The Python type of a type expression, its references resolved to the classes that
    `build_models` built (`{"type": "int"}` is `int`, a model reference is the model class)."""
    enums = {name: built for name, built in classes.items() if isinstance(built, type) and issubclass(built, enum.Enum)}
    return python_type(expr, enums, lambda name: classes[name])
