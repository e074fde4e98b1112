"""The kinds of resource an agent declares. Mirrors `src/resources/resourceType.ts`."""

from __future__ import annotations

from enum import Enum


class ResourceType(str, Enum):
    """The kinds of resource an agent declares, with their wire values.

    The upstream enum also has ``embedding_model_connection`` and ``model_router``; both are here
    so that upstream plans that use them read.
    """

    CHAT_MODEL = "chat_model"
    CHAT_MODEL_CONNECTION = "chat_model_connection"
    TOOL = "tool"
    EMBEDDING_MODEL = "embedding_model"
    EMBEDDING_MODEL_CONNECTION = "embedding_model_connection"
    VECTOR_STORE = "vector_store"
    PROMPT = "prompt"
    MCP_SERVER = "mcp_server"
    SKILLS = "skills"
    MODEL_ROUTER = "model_router"
    AGENT = "agent"


RESOURCE_TYPES: tuple[ResourceType, ...] = tuple(ResourceType)


def is_resource_type(value: object) -> bool:
    return isinstance(value, str) and value in {t.value for t in RESOURCE_TYPES}
