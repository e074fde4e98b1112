"""Reading enums (mirrors `src/types/readEnum.ts`)."""

from __future__ import annotations

from typing import Any

from . import declaration_messages as msg
from .declaration import EnumDeclaration, EnumMember
from .declaration_tree import MISSING, check_known_keys, child_path, expect_array, expect_object, expect_one_of, expect_string, fail, get, is_py_int, require_key
from .read_names import NameRegistry, read_name
from .read_scalar import read_finite_scalar
from .scalar_keys import equality_key

_BASE_VALUES = {
    "str": ("string", lambda value: isinstance(value, str)),
    "int": ("integer", is_py_int),
}


def _read_member_name(tree: Any, path: str, seen: set[str]) -> str:
    name = read_name(tree, path)
    if name.startswith("_"):
        fail(path, msg.member_underscore(name))
    if name == "mro":
        fail(path, msg.member_reserved(name))
    if name in seen:
        fail(path, msg.duplicate_member_name(name))
    seen.add(name)
    return name


def _read_member_value(value: Any, path: str, base: str | None, seen: set[str]) -> Any:
    read_finite_scalar(value, path)
    if base:
        what, accepts = _BASE_VALUES[base]
        if not accepts(value):
            fail(path, msg.enum_base(base, what, value))
    # Python makes a member whose value equals an earlier one an alias of it.
    key = equality_key(value)
    if key in seen:
        fail(path, msg.duplicate_member_value(value))
    seen.add(key)
    return value


def read_enum(tree: Any, path: str, registry: NameRegistry) -> EnumDeclaration:
    """Reads one enum: name, doc, base, members (each: name, then value)."""
    node = expect_object(tree, path)
    check_known_keys(node, ("name", "doc", "base", "members"), path)
    name = registry.declare_enum(require_key(node, "name", path), child_path(path, "name"))
    doc_node = get(node, "doc")
    doc = None if doc_node is MISSING or doc_node is None else expect_string(doc_node, child_path(path, "doc"))
    base_node = get(node, "base")
    base = None if base_node is MISSING or base_node is None else expect_one_of(base_node, ("str", "int"), child_path(path, "base"))
    members_path = child_path(path, "members")
    member_nodes = expect_array(require_key(node, "members", path), members_path)
    if not member_nodes:
        fail(members_path, msg.empty_enum())
    names: set[str] = set()
    values: set[str] = set()
    members = []
    for index, member_tree in enumerate(member_nodes):
        member_path = child_path(members_path, index)
        member = expect_object(member_tree, member_path)
        check_known_keys(member, ("name", "value"), member_path)
        member_name = _read_member_name(require_key(member, "name", member_path), child_path(member_path, "name"), names)
        value = _read_member_value(require_key(member, "value", member_path), child_path(member_path, "value"), base, values)
        members.append(EnumMember(member_name, value))
    return EnumDeclaration(name=name, members=tuple(members), doc=doc, base=base)  # type: ignore[arg-type]
