"""YAML agents documents: the upstream format with sub-agents and neutral types. Mirrors `src/plan/yaml/`."""

from .read_agents_document import read_agents_document
from .specs import AgentsDocument
from .yaml_plan_builder import YamlPlanBuilder, build_yaml_plan

__all__ = ["AgentsDocument", "YamlPlanBuilder", "build_yaml_plan", "read_agents_document"]
