"""YAML read with YAML 1.2 core rules, as `src/json/parseYaml.ts` reads it.

PyYAML resolves YAML 1.1 (`yes` is a boolean, `1e5` a string, `017` octal, `2024-01-31` a date,
`<<` merges). This loader resolves only what the 1.2 core schema does: `true`/`false` booleans,
`~`/`null`/empty as null, decimal, `0o` and `0x` integers, floats with a dot or an exponent,
`.inf`/`.nan`. Mapping keys must be strings and may not repeat. Explicit tags behave as the
TypeScript reader's: a core tag whose text does not match it, or a tag it does not know, gives the
plain string, list or mapping; `!!binary`, `!!timestamp`, `!!omap`, `!!pairs` and `!!merge` are
refused.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any

import yaml
from yaml.constructor import ConstructorError, SafeConstructor
from yaml.nodes import MappingNode, Node, SequenceNode

from .yaml_limits import YAML_NESTING_LIMIT, LimitedComposer

_BOOL = "tag:yaml.org,2002:bool"
_NULL = "tag:yaml.org,2002:null"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"

_PATTERNS = {
    _BOOL: re.compile(r"^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$"),
    _NULL: re.compile(r"^(?:~|[Nn]ull|NULL|)$"),
    _INT: re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$"),
    _FLOAT: re.compile(
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+"
        r"|[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)"
        r"|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$"
    ),
}


def _to_int(text: str) -> int:
    if text.startswith("0o"):
        return int(text[2:], 8)
    if text.startswith("0x"):
        return int(text[2:], 16)
    return int(text)


def _to_float(text: str) -> float:
    lowered = text.lower()
    if lowered.endswith(".nan"):
        return math.nan
    if lowered.endswith(".inf"):
        return -math.inf if text.startswith("-") else math.inf
    return float(text)


def _core_scalar(tag: str, convert: Callable[[str], Any]) -> Callable[[SafeConstructor, Node], Any]:
    """A constructor for a core tag; text that does not match the tag stays a string."""

    def construct(constructor: SafeConstructor, node: Node) -> Any:
        text = str(constructor.construct_scalar(node))  # type: ignore[arg-type]
        return convert(text) if _PATTERNS[tag].match(text) else text

    return construct


class CoreLoader(LimitedComposer, yaml.SafeLoader):
    """A PyYAML `SafeLoader` that resolves and constructs with the YAML 1.2 core rules, within
    the limits of `yaml_limits` (nesting, alias expansion)."""

    def __init__(self, stream: str, nesting_limit: float = YAML_NESTING_LIMIT) -> None:
        yaml.SafeLoader.__init__(self, stream)
        self.init_limits(nesting_limit)

    # Fresh tables: the inherited ones hold the YAML 1.1 resolvers and constructors.
    yaml_implicit_resolvers: dict[Any, Any] = {}
    yaml_constructors: dict[Any, Any] = {}

    def construct_by_kind(self, node: Node) -> Any:
        """An unknown tag: the node read as what it is (string, list or mapping)."""
        if isinstance(node, MappingNode):
            return self.construct_mapping(node)
        if isinstance(node, SequenceNode):
            return self.construct_sequence(node)
        return str(self.construct_scalar(node))  # type: ignore[arg-type]

    def construct_mapping(self, node: Node, deep: bool = False) -> dict[Any, Any]:  # type: ignore[override]
        if not isinstance(node, MappingNode):
            raise ConstructorError(None, None, f"expected a mapping node, but found {node.id}", node.start_mark)
        mapping: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = self.construct_object(key_node, deep=deep)
            if not isinstance(key, str):
                raise ConstructorError(None, None, "mapping keys must be strings", key_node.start_mark)
            if key in mapping:
                raise ConstructorError(None, None, f"duplicate mapping key {key!r}", key_node.start_mark)
            mapping[key] = self.construct_object(value_node, deep=deep)
        return mapping


CoreLoader.add_implicit_resolver(_BOOL, _PATTERNS[_BOOL], list("tTfF"))
CoreLoader.add_implicit_resolver(_NULL, _PATTERNS[_NULL], ["~", "n", "N", ""])
CoreLoader.add_implicit_resolver(_INT, _PATTERNS[_INT], list("-+0123456789"))
CoreLoader.add_implicit_resolver(_FLOAT, _PATTERNS[_FLOAT], list("-+0123456789."))
CoreLoader.add_constructor(_NULL, _core_scalar(_NULL, lambda text: None))
CoreLoader.add_constructor(_BOOL, _core_scalar(_BOOL, lambda text: text.lower() == "true"))
CoreLoader.add_constructor(_INT, _core_scalar(_INT, _to_int))
CoreLoader.add_constructor(_FLOAT, _core_scalar(_FLOAT, _to_float))
CoreLoader.add_constructor("tag:yaml.org,2002:str", SafeConstructor.construct_yaml_str)
CoreLoader.add_constructor("tag:yaml.org,2002:seq", SafeConstructor.construct_yaml_seq)
CoreLoader.add_constructor("tag:yaml.org,2002:map", SafeConstructor.construct_yaml_map)
CoreLoader.add_constructor("tag:yaml.org,2002:set", SafeConstructor.construct_yaml_map)
for _refused in ("binary", "timestamp", "omap", "pairs", "merge"):
    CoreLoader.add_constructor(f"tag:yaml.org,2002:{_refused}", SafeConstructor.construct_undefined)
CoreLoader.add_constructor(None, CoreLoader.construct_by_kind)


def load_yaml(text: str, nesting_limit: float = YAML_NESTING_LIMIT) -> Any:
    """Reads one YAML document with the 1.2 core rules into plain JSON values; a result read
    from YAML passes `nesting_limit=math.inf`."""
    loader = CoreLoader(text, nesting_limit)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()
