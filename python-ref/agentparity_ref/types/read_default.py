"""Reading defaults and default factories (mirrors `src/types/readDefault.ts`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from . import declaration_messages as msg
from .declaration import DefaultFactory, DefaultValue, EnumDeclaration
from .declaration_tree import (
    MISSING,
    check_known_keys,
    child_path,
    expect_object,
    expect_one_of,
    expect_string,
    fail,
    get,
    is_json_scalar,
    is_py_float,
    is_py_int,
    require_key,
)
from .default_forms import accepts_form, form_description
from .read_scalar import read_unique_scalars
from .scalar_keys import equality_key, typed_key


@dataclass(frozen=True)
class DefaultNames:
    """What a default may refer to: the enums (all read before any model) and the model names."""

    enums: Mapping[str, EnumDeclaration]
    models: frozenset[str]


DEFAULT_KINDS = (
    "int", "float", "str", "bool", "null", "list", "dict", "tuple", "set", "frozenset", "bytes",
    "datetime", "date", "time", "timedelta", "uuid", "decimal", "enum", "model",
)


def _mismatch(kind: str, what: str, value: Any, path: str) -> Any:
    fail(path, msg.default_mismatch(kind, what, value))


def _read_set_elements(kind: str, value: Any, path: str) -> None:
    if not isinstance(value, list):
        _mismatch(kind, "an array", value, path)
    read_unique_scalars(value, path, equality_key, msg.duplicate_set_element)
    # pydantic shows a set default sorted; what Python cannot sort it shows in hash order, which
    # for strings (and None) changes from run to run.
    sortable = all(isinstance(e, str) for e in value) or all(e is not None and not isinstance(e, str) for e in value)
    if len(value) > 1 and not sortable:
        fail(path, msg.unsortable_set())


def _is_utf8_text(value: Any) -> bool:
    if not isinstance(value, str):
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _read_float(value: Any, path: str) -> Any:
    if is_py_float(value):
        return value
    if not is_py_int(value):
        return _mismatch("float", "a number", value, path)
    try:
        return float(value)
    except OverflowError:
        return _mismatch("float", "a number within float range", value, path)


def _read_value(kind: str, value: Any, path: str, enum_name: str | None, names: DefaultNames) -> Any:
    """Checks the value against its kind; a float kind given an int reads as that float."""
    if kind == "int":
        return value if is_py_int(value) else _mismatch(kind, "an integer", value, path)
    if kind == "float":
        return _read_float(value, path)
    if kind == "str":
        return value if isinstance(value, str) else _mismatch(kind, "a string", value, path)
    if kind == "bool":
        return value if isinstance(value, bool) else _mismatch(kind, "a boolean", value, path)
    if kind == "null":
        return value if value is None else _mismatch(kind, "null", value, path)
    if kind in ("list", "tuple"):
        return value if isinstance(value, list) else _mismatch(kind, "an array", value, path)
    if kind in ("set", "frozenset"):
        _read_set_elements(kind, value, path)
        return value
    if kind in ("dict", "model"):
        return value if isinstance(value, dict) else _mismatch(kind, "an object", value, path)
    if kind == "bytes":
        return value if _is_utf8_text(value) else _mismatch(kind, "a string without lone surrogates", value, path)
    if kind == "enum":
        assert enum_name is not None
        members = names.enums[enum_name].members
        if is_json_scalar(value) and any(typed_key(member.value) == typed_key(value) for member in members):
            return value
        fail(path, msg.no_enum_member(enum_name, value))
    if isinstance(value, str) and accepts_form(kind, value):
        return value
    return _mismatch(kind, form_description(kind), value, path)


def _read_target(node: dict[str, Any], key: str, kind: str, path: str, known: Callable[[str], bool]) -> str | None:
    key_path = child_path(path, key)
    if kind != key:
        if get(node, key) is not MISSING:
            fail(key_path, msg.key_needs_kind(key))
        return None
    name = expect_string(require_key(node, key, path), key_path)
    if not known(name):
        fail(key_path, msg.unknown_enum(name) if key == "enum" else msg.unknown_model(name))
    return name


def read_default(tree: Any, path: str, names: DefaultNames) -> DefaultValue:
    """Reads `{kind, value, enum?, model?}`: kind, unknown keys, `enum`, `model`, then `value`."""
    node = expect_object(tree, path)
    kind_path = child_path(path, "kind")
    kind = expect_string(require_key(node, "kind", path), kind_path)
    if kind not in DEFAULT_KINDS:
        fail(kind_path, msg.unknown_default_kind(kind))
    check_known_keys(node, ("kind", "value", "enum", "model"), path)
    enum_name = _read_target(node, "enum", kind, path, lambda name: name in names.enums)
    model_name = _read_target(node, "model", kind, path, lambda name: name in names.models)
    value = _read_value(kind, require_key(node, "value", path), child_path(path, "value"), enum_name, names)
    return DefaultValue(value=value, kind=kind, enum=enum_name, model=model_name)


def read_factory(tree: Any, path: str, names: DefaultNames) -> DefaultFactory:
    """Reads `{builtin}` or `{returns}`: unknown keys, `builtin`, `returns`, then exactly one of them."""
    node = expect_object(tree, path)
    check_known_keys(node, ("builtin", "returns"), path)
    builtin_node = get(node, "builtin")
    builtin = None if builtin_node is MISSING else expect_one_of(builtin_node, ("list", "dict", "set"), child_path(path, "builtin"))
    returns_node = get(node, "returns")
    returns = None if returns_node is MISSING else read_default(returns_node, child_path(path, "returns"), names)
    if (builtin is None) == (returns is None):
        fail(path, msg.factory_one_of())
    return DefaultFactory(builtin=builtin, returns=returns)
