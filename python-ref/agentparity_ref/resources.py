"""Resource types, descriptors and the plain resources a plan carries (prompts, skills).

Mirrors `src/resources/` of the TypeScript runtime.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Any, Literal

Language = Literal["python", "java", "typescript"]


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


class ResourceDescriptor:
    """A resource named by its class and constructor arguments, resolved when first needed.

    Naming a class never loads it. ``language`` is the language the class is written in; a plan
    says it through the provider kind.
    """

    def __init__(
        self,
        target_module: str,
        target_clazz: str,
        arguments: Mapping[str, Any] | None = None,
        language: Language = "python",
    ) -> None:
        self.target_module = target_module
        self.target_clazz = target_clazz
        self.arguments: dict[str, Any] = dict(arguments or {})
        self.language: Language = language

    @staticmethod
    def from_class_path(
        class_path: str, arguments: Mapping[str, Any] | None = None, language: Language = "python"
    ) -> ResourceDescriptor:
        """From a dotted class path (``pkg.module.Class``): the module is everything before the last dot."""
        module, _, clazz = class_path.rpartition(".")
        return ResourceDescriptor(module, clazz, arguments, language)

    def to_json(self) -> dict[str, Any]:
        return {"target_module": self.target_module, "target_clazz": self.target_clazz, "arguments": self.arguments}


MessageRole = Literal["system", "user", "assistant", "tool"]
MESSAGE_ROLES: tuple[str, ...] = ("system", "user", "assistant", "tool")


class Prompt:
    """A prompt template: one text, or a list of role-tagged messages."""

    resource_type = ResourceType.PROMPT

    def __init__(self, text: str | None, messages: Sequence[Mapping[str, str]] | None) -> None:
        self.text = text
        self.messages = None if messages is None else [{"role": m["role"], "content": m["content"]} for m in messages]

    @staticmethod
    def from_text(text: str) -> Prompt:
        return Prompt(text, None)

    @staticmethod
    def from_messages(messages: Sequence[Mapping[str, str]]) -> Prompt:
        return Prompt(None, messages)

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "messages": None if self.messages is None else [dict(m) for m in self.messages]}


class Skills:
    """Where an agent's skills come from, grouped by scheme (local paths, URLs, classpath, packages)."""

    resource_type = ResourceType.SKILLS

    def __init__(
        self,
        paths: Sequence[str] = (),
        urls: Sequence[str] = (),
        classpath: Sequence[str] = (),
        package: Sequence[Mapping[str, str]] = (),
    ) -> None:
        self.paths = list(paths)
        self.urls = list(urls)
        self.classpath = list(classpath)
        self.package = [{"package": p["package"], "resource": p["resource"]} for p in package]

    def to_json(self) -> dict[str, Any]:
        return {
            "paths": list(self.paths),
            "urls": list(self.urls),
            "classpath": list(self.classpath),
            "package": [dict(p) for p in self.package],
        }
