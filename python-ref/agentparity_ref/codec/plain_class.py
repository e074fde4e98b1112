"""The plain classes `{"$object": name}` instantiates."""

from __future__ import annotations

PLAIN_CLASS_MODULE = "agentparity.values"
_plain_classes: dict[str, type] = {}


def plain_class(name: str) -> type:
    """The plain class `{"$object": name}` instantiates: one per name, with no behaviour."""
    cls = _plain_classes.get(name)
    if cls is None:
        cls = type(name, (), {"__module__": PLAIN_CLASS_MODULE, "__qualname__": name})
        _plain_classes[name] = cls
    return cls
