"""What one YAML document may build, in both languages. Mirrors `src/json/yamlLimits.ts`.

A plan, declaration, fixture or known-divergence file nests at most 200 collections deep, and its
aliases expand at most 10,000 times into at most 100,000 nodes: a 342-byte "billion laughs"
document would otherwise build 10^9 nodes once a reader walks it. The checks run while PyYAML
composes the document, before anything is expanded (PyYAML shares an anchor's node between its
aliases; what reads the tree afterwards does not).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from yaml.composer import Composer, ComposerError
from yaml.events import AliasEvent, MappingStartEvent, SequenceStartEvent
from yaml.nodes import Node

YAML_NESTING_LIMIT = 200
YAML_ALIAS_LIMIT = 10_000
YAML_ALIAS_NODE_LIMIT = 100_000


def nesting_message(limit: float) -> str:
    return f"the document nests deeper than {limit} levels, the limit for a YAML input file"


def _alias_count_message(name: str) -> str:
    return f"alias *{name} makes the document expand more than {YAML_ALIAS_LIMIT} aliases, the limit for a YAML input file"


def _alias_size_message(name: str) -> str:
    return (
        f"alias *{name} makes the document expand past {YAML_ALIAS_NODE_LIMIT} nodes through aliases, "
        "the limit for a YAML input file"
    )


@dataclass(frozen=True)
class _Extent:
    nodes: int  # nodes the node stands for once its aliases are expanded (itself, keys and values)
    aliases: int  # aliases expanded within it
    nesting: int  # collections deep it nests once expanded (0 for a scalar)


class LimitedComposer(Composer):
    """A composer that measures each node once, in document order (an anchor comes before its
    aliases), adds an anchor's extent at each of its aliases, and refuses past the limits with
    the mark of the node or alias that goes past them."""

    def init_limits(self, nesting_limit: float) -> None:
        """Called once by the loader's `__init__` (PyYAML's mixins take no part in `super()`)."""
        self.nesting_limit = nesting_limit
        self._extents: dict[int, _Extent] = {}
        self._nodes = 0
        self._aliases = 0
        self._alias_nodes = 0
        # The deepest nesting seen below each open collection.
        self._deepest: list[int] = []

    def _refuse(self, message: str) -> None:
        raise ComposerError(None, None, message, self.peek_event().start_mark)

    def _note_child(self, nesting: int) -> None:
        if self._deepest:
            self._deepest[-1] = max(self._deepest[-1], len(self._deepest) + nesting)

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        level = len(self._deepest)
        if self.check_event(AliasEvent):
            event: Any = self.peek_event()
            target = self.anchors.get(event.anchor)
            extent = None if target is None else self._extents.get(id(target))
            if extent is not None:  # an alias of an unfinished node is left to PyYAML
                self._nodes += extent.nodes
                self._alias_nodes += extent.nodes
                self._aliases += 1 + extent.aliases
                if self._aliases > YAML_ALIAS_LIMIT:
                    self._refuse(_alias_count_message(event.anchor))
                if self._alias_nodes > YAML_ALIAS_NODE_LIMIT:
                    self._refuse(_alias_size_message(event.anchor))
                if level + extent.nesting > self.nesting_limit:
                    self._refuse(nesting_message(self.nesting_limit))
                self._note_child(extent.nesting)
            return super().compose_node(parent, index)
        nodes, aliases = self._nodes, self._aliases
        self._nodes += 1
        collection = self.check_event(SequenceStartEvent, MappingStartEvent)
        if collection:
            if level + 1 > self.nesting_limit:
                self._refuse(nesting_message(self.nesting_limit))
            self._deepest.append(level + 1)
        node = super().compose_node(parent, index)
        nesting = self._deepest.pop() - level if collection else 0
        self._extents[id(node)] = _Extent(self._nodes - nodes, self._aliases - aliases, nesting)
        self._note_child(nesting)
        return node
