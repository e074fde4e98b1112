"""Agent plans: construction from an agent or a YAML declaration, and plan JSON in the upstream
layout. The public surface of the Python reference's `plan` module, mirroring `src/plan/`; the
parts live in the private ``_plan_*`` modules.
"""

from agentparity_ref._plan_agent import ActionDeclaration, Agent, action, tool
from agentparity_ref._plan_build import (
    BUILT_IN_ACTIONS_MODULE,
    build_plan,
    built_in_actions,
    check_advertised_tool_name,
    check_tool_name_not_reserved,
    provider_for,
)
from agentparity_ref._plan_classes import DEFAULT_REGISTRY
from agentparity_ref._plan_json_node import JsonNode, PlanReadError
from agentparity_ref._plan_model import (
    ABSENT,
    Action,
    AgentConfiguration,
    AgentPlan,
    DescriptorProvider,
    OpaqueResource,
    ResourceProvider,
    SerializableProvider,
)
from agentparity_ref._plan_read import read_action, read_function, read_plan
from agentparity_ref._plan_registry import ClassEntry, ClassRegistry, pydantic_class
from agentparity_ref._plan_write import plan_to_json, write_plan
from agentparity_ref._plan_yaml_builder import YamlPlanBuilder, build_yaml_plan
from agentparity_ref._plan_yaml_read_document import read_agents_document
from agentparity_ref._plan_yaml_specs import AgentsDocument
from agentparity_ref._plan_internal import InternalSubagentSetup

__all__ = [
    "ABSENT",
    "BUILT_IN_ACTIONS_MODULE",
    "DEFAULT_REGISTRY",
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
    "JsonNode",
    "OpaqueResource",
    "PlanReadError",
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
