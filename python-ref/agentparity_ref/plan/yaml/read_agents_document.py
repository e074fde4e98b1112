"""Reading a YAML agents document: the upstream format with ``subagents:`` and a ``types:`` block.
Mirrors `src/plan/yaml/readAgentsDocument.ts`.
"""

from __future__ import annotations

from typing import Any

from ...types.declaration import Declaration
from ...types.declaration_messages import DeclarationError
from ...types.declaration_tree import check_known_keys, child_path, expect_object, expect_string
from ...types.read_declaration import read_declaration
from .read_specs import (
    items,
    read_action,
    read_agent_action,
    read_descriptor,
    read_name,
    read_prompt,
    read_skills,
    read_subagent,
    read_tool,
)
from .specs import DESCRIPTOR_LISTS, AgentSpec, AgentsDocument, ResourceSpecs

_RESOURCE_KEYS = ("prompts", "tools", "skills", "actions", *(attr for attr, _ in DESCRIPTOR_LISTS), "subagents")
DOCUMENT_KEYS = ("agents", *_RESOURCE_KEYS, "types", "config")
AGENT_KEYS = ("name", "description", *_RESOURCE_KEYS)


def _read_resources(node: dict[str, Any], path: str, agent_level: bool) -> ResourceSpecs:
    prompts = items(node, "prompts", path, read_prompt)
    tools = items(node, "tools", path, read_tool)
    skills = items(node, "skills", path, read_skills)
    actions = items(node, "actions", path, read_agent_action if agent_level else read_action)
    descriptors = {
        attr: items(node, attr, path, lambda tree, item_path, t=resource_type: read_descriptor(tree, item_path, t))
        for attr, resource_type in DESCRIPTOR_LISTS
    }
    subagents = items(node, "subagents", path, read_subagent)
    return ResourceSpecs(prompts, tools, skills, actions, descriptors, subagents)


def read_agent(tree: Any, path: str) -> AgentSpec:
    node = expect_object(tree, path)
    check_known_keys(node, AGENT_KEYS, path)
    name = read_name(node, path)
    if node.get("description") is not None:
        expect_string(node["description"], child_path(path, "description"))
    return AgentSpec(name, _read_resources(node, path, agent_level=True), path)


def _read_types(tree: Any, path: str) -> Declaration:
    try:
        return read_declaration(tree)
    except DeclarationError as error:
        # The declaration reader reports paths from its own root; put them under `types`.
        inner = error.path or "$"
        raise DeclarationError(error.message, path + inner[1:], code=error.code) from error


def read_agents_document(tree: Any, source: str) -> AgentsDocument:
    """Checks a YAML agents document (with ``config:``, the plan configuration, e.g.
    ``subagent.general-purpose: true``); the first problem, in walk order, is a ``DeclarationError``."""
    if tree is None:
        raise DeclarationError(f"YAML file {source} is empty", "$", code="YAML_EMPTY")
    node = expect_object(tree, "$")
    check_known_keys(node, DOCUMENT_KEYS, "$")
    agents = items(node, "agents", "$", read_agent)
    shared = _read_resources(node, "$", agent_level=False)
    types = _read_types(node["types"], "$.types") if "types" in node else None
    config = dict(expect_object(node["config"], "$.config")) if "config" in node else None
    return AgentsDocument(source, agents, shared, types, config)
