"""The nesting limit of a declaration tree. Mirrors `src/types/declarationNesting.ts`."""

from __future__ import annotations

from typing import Any

from ..pyjson.yaml_limits import YAML_NESTING_LIMIT
from . import declaration_messages as msg
from .declaration_tree import child_path, fail

DECLARATION_NESTING_LIMIT = YAML_NESTING_LIMIT


def check_declaration_nesting(tree: Any) -> None:
    """Refuses a tree that nests more than `DECLARATION_NESTING_LIMIT` objects and arrays deep, at
    the path of the first container (in walk order) past the limit. The readers recurse, the check
    loops: it runs first, so that a 1,000,000-deep document is an error and not a RecursionError."""
    if _nests_within(tree, DECLARATION_NESTING_LIMIT):
        return
    pending: list[tuple[Any, str, int]] = [(tree, "$", 1)] if isinstance(tree, (dict, list)) else []
    while pending:
        node, path, level = pending.pop()
        if level > DECLARATION_NESTING_LIMIT:
            fail(path, msg.Refusal("DECLARATION_TOO_DEEP", f"the declaration nests deeper than {DECLARATION_NESTING_LIMIT} levels"))
        children = list(enumerate(node)) if isinstance(node, list) else list(node.items())
        for key, child in reversed(children):
            if isinstance(child, (dict, list)):
                pending.append((child, child_path(path, key), level + 1))


def _nests_within(tree: Any, limit: int) -> bool:
    """Whether the tree nests at most `limit` containers deep: a level at a time, with no paths,
    as almost every tree does (the walk above then names the first one past the limit)."""
    level: list[Any] = [tree] if isinstance(tree, (dict, list)) else []
    for _ in range(limit):
        below: list[Any] = []
        for node in level:
            below.extend(child for child in (node if isinstance(node, list) else node.values()) if isinstance(child, (dict, list)))
        if not below:
            return True
        level = below
    return False
