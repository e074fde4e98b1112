"""Agent plans: construction from an agent or a YAML declaration, and plan JSON in the upstream
layout. Mirrors `src/plan/`.
"""

# `.action` (the module) loads first, so that `action` (the decorator) is what the package exports.
from .action import Action
from .agent import ActionDeclaration, Agent, action, tool
from .agent_plan import ABSENT, AgentConfiguration, AgentPlan
from .build_plan import build_plan
from .built_in_actions import BUILT_IN_ACTIONS_MODULE, built_in_actions
from .class_registry import ClassEntry, ClassRegistry, pydantic_class
from .default_registry import DEFAULT_REGISTRY
from .internal_subagent_setup import InternalSubagentSetup
from .react_agent import DEFAULT_SUBAGENT_DESCRIPTION, DEFAULT_SUBAGENT_INPUT_SCHEMA, ReActAgent
from .subagent_metadata import SubagentMetadataProvider
from .json_node import JsonNode, PlanReadError
from .provider_for import provider_for
from .read_function import read_function
from .read_plan import read_action, read_plan
from .reserved_names import check_advertised_tool_name, check_tool_name_not_reserved
from .resource_provider import DescriptorProvider, OpaqueResource, ResourceProvider, SerializableProvider
from .write_plan import plan_to_json, write_plan
from .yaml.read_agents_document import read_agents_document
from .yaml.specs import AgentsDocument
from .yaml.yaml_plan_builder import YamlPlanBuilder, build_yaml_plan

__all__ = [
    "ABSENT",
    "BUILT_IN_ACTIONS_MODULE",
    "DEFAULT_REGISTRY",
    "DEFAULT_SUBAGENT_DESCRIPTION",
    "DEFAULT_SUBAGENT_INPUT_SCHEMA",
    "Action",
    "ActionDeclaration",
    "Agent",
    "AgentsDocument",
    "AgentConfiguration",
    "AgentPlan",
    "ClassEntry",
    "ClassRegistry",
    "DescriptorProvider",
    "InternalSubagentSetup",
    "SubagentMetadataProvider",
    "JsonNode",
    "OpaqueResource",
    "PlanReadError",
    "ReActAgent",
    "ResourceProvider",
    "SerializableProvider",
    "YamlPlanBuilder",
    "action",
    "build_plan",
    "build_yaml_plan",
    "built_in_actions",
    "check_advertised_tool_name",
    "check_tool_name_not_reserved",
    "plan_to_json",
    "provider_for",
    "pydantic_class",
    "read_action",
    "read_function",
    "read_agents_document",
    "read_plan",
    "tool",
    "write_plan",
]
