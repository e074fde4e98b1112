"""A YAML agents document, checked: what each agent and the file level declare (the upstream format
of docs/yaml-schema.json, extended with ``subagents:`` and a ``types:`` block). Every spec keeps its
path. Mirrors `src/plan/yaml/specs.ts`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...functions.function_descriptor import Language
from ...resources.resource_type import ResourceType
from ...types.declaration import Declaration

LANGUAGES: tuple[Language, ...] = ("python", "java", "typescript")

# The descriptor lists, in the order they are read and built, with the type each one declares.
DESCRIPTOR_LISTS: tuple[tuple[str, ResourceType], ...] = (
    ("chat_model_connections", ResourceType.CHAT_MODEL_CONNECTION),
    ("chat_model_setups", ResourceType.CHAT_MODEL),
    ("embedding_model_connections", ResourceType.EMBEDDING_MODEL_CONNECTION),
    ("embedding_model_setups", ResourceType.EMBEDDING_MODEL),
    ("vector_stores", ResourceType.VECTOR_STORE),
    ("mcp_servers", ResourceType.MCP_SERVER),
)


@dataclass(frozen=True)
class ActionSpec:
    name: str
    function: str | None
    trigger_conditions: tuple[str, ...]
    config: dict[str, Any] | None
    type: Language | None
    path: str


@dataclass(frozen=True)
class ActionRef:
    """An agent's reference, by name, to an action declared at the file level."""

    name: str
    path: str


@dataclass(frozen=True)
class ToolSpec:
    name: str
    function: str | None
    type: Language | None
    parameter_types: tuple[str, ...] | None
    injected_args: dict[str, Any]
    path: str


@dataclass(frozen=True)
class DescriptorSpec:
    name: str
    clazz: str
    type: Language | None
    arguments: dict[str, Any]
    """Every other key, in written order: the resource's constructor arguments."""
    path: str


@dataclass(frozen=True)
class PromptSpec:
    name: str
    text: str | None
    messages: tuple[dict[str, str], ...] | None
    path: str


@dataclass(frozen=True)
class SkillsSpec:
    name: str
    paths: tuple[str, ...]
    urls: tuple[str, ...]
    classpath: tuple[str, ...]
    package: tuple[dict[str, str], ...]
    path: str


@dataclass(frozen=True)
class SubagentSpec:
    """An AGENT resource: an internal agent (``agent_ref``), an external setup class
    (``target_module`` + ``target_clazz`` + ``arguments``), or a setup declared in place."""

    name: str
    description: str | None
    input_schema: str | None
    input_type: Any
    result_type: Any
    agent_ref: str | None
    target_module: str | None
    target_clazz: str | None
    arguments: dict[str, Any] | None
    type: Language | None
    path: str


@dataclass(frozen=True)
class ResourceSpecs:
    """What an agent, or the file level, declares."""

    prompts: tuple[PromptSpec, ...] = ()
    tools: tuple[ToolSpec, ...] = ()
    skills: tuple[SkillsSpec, ...] = ()
    actions: tuple[ActionSpec | ActionRef, ...] = ()
    descriptors: dict[str, tuple[DescriptorSpec, ...]] = field(default_factory=dict)
    subagents: tuple[SubagentSpec, ...] = ()


@dataclass(frozen=True)
class AgentSpec:
    name: str
    resources: ResourceSpecs
    path: str


@dataclass(frozen=True)
class AgentsDocument:
    source: str
    """The file the document came from, as messages name it."""
    agents: tuple[AgentSpec, ...]
    shared: ResourceSpecs
    types: Declaration | None
    config: dict[str, Any] | None = None
    """The plan configuration the document states (``config:``), when it states one."""
