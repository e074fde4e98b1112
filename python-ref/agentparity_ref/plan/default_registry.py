"""The classes of the Python reference that plans name. Mirrors `src/plan/defaultRegistry.ts`."""

from __future__ import annotations

from .chat_classes import CHAT_CLASSES
from .class_registry import ClassRegistry
from .core_classes import CORE_CLASSES, UPSTREAM_CLASSES
from .mcp_classes import MCP_CLASSES
from .subagent_classes import SUBAGENT_CLASSES, UPSTREAM_SUBAGENT_CLASSES


DEFAULT_REGISTRY = ClassRegistry([*CORE_CLASSES, *CHAT_CLASSES, *MCP_CLASSES, *SUBAGENT_CLASSES, *UPSTREAM_CLASSES, *UPSTREAM_SUBAGENT_CLASSES])
