"""Building agents and plans from a checked YAML agents document: the upstream loader's rules and
messages, plus sub-agents (internal, external, declared in place) and declared types. Mirrors
`src/plan/yaml/yamlPlanBuilder.ts`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...resources.resource_descriptor import ResourceDescriptor
from ...resources.resource_type import ResourceType
from ...subagent.subagent_setup import SubagentSetup
from ...types.declaration_messages import DeclarationError, quote
from ..agent import Agent
from ..agent_plan import AgentConfiguration, AgentPlan
from ..build_plan import build_plan
from ..class_registry import ClassRegistry
from ..default_registry import DEFAULT_REGISTRY
from ..internal_subagent_setup import InternalSubagentSetup
from .aliases import resolve_event_type
from .build_resources import build_descriptor, build_prompt, build_skills, build_tool, resolve_function
from .declared_setups import DeclaredTypes, at_path, declared_setup
from .specs import DESCRIPTOR_LISTS, ActionRef, ActionSpec, AgentSpec, AgentsDocument, ResourceSpecs, SubagentSpec
from ...errors import InvalidValueError

# Action methods always take (Event, RunnerContext).
JAVA_ACTION_PARAMETER_TYPES = ("org.apache.flink.agents.api.Event", "org.apache.flink.agents.api.context.RunnerContext")


class YamlPlanBuilder:
    """Builds the agents of one document, and the plan of any of them."""

    def __init__(
        self, document: AgentsDocument, registry: ClassRegistry = DEFAULT_REGISTRY, config: AgentConfiguration | None = None
    ) -> None:
        self.document = document
        self.registry = registry
        # Internal sub-agents inherit the configuration of the plan that declares them; given, it
        # stands instead of the document's `config:`.
        self.config = config if config is not None or document.config is None else AgentConfiguration(document.config)
        self._types = DeclaredTypes(document.types)
        self._specs = self._check_document()

    def _check_document(self) -> dict[str, AgentSpec]:
        source = self.document.source
        specs: dict[str, AgentSpec] = {}
        for spec in self.document.agents:
            if spec.name in specs:
                raise at_path(InvalidValueError(f"Duplicate agent name {spec.name!r} in {source}", code="AGENT_DUPLICATE"), spec.path)
            specs[spec.name] = spec
            self._agent(spec, [spec.name], compile_internal=False)
        shared = self.document.shared
        for attr, _ in DESCRIPTOR_LISTS:
            self._unique(shared.descriptors.get(attr, ()), "resource")
        self._unique(shared.tools, "tool")
        self._unique(shared.prompts, "prompt")
        self._unique(shared.skills, "skills")
        self._unique(shared.subagents, "sub-agent")
        self._unique(shared.actions, "action")
        for spec in self.document.agents:
            self._shared_actions(spec)
        return specs

    def _unique(self, items: Iterable[Any], what: str) -> None:
        seen: set[str] = set()
        for item in items:
            if item.name in seen:
                raise at_path(InvalidValueError(f"Duplicate shared {what} name {item.name!r} in {self.document.source}", code="SHARED_RESOURCE_DUPLICATE"), item.path)
            seen.add(item.name)

    def _shared_actions(self, spec: AgentSpec) -> list[ActionSpec]:
        by_name = {action.name: action for action in self.document.shared.actions if isinstance(action, ActionSpec)}
        found = []
        for item in spec.resources.actions:
            if isinstance(item, ActionRef):
                if item.name not in by_name:
                    raise at_path(
                        InvalidValueError(
                            f"Agent {spec.name!r} references shared action {item.name!r} in {self.document.source}, "
                            "but no shared action with that name is defined at the file level.",
                            code="SHARED_ACTION_UNKNOWN",
                        ),
                        item.path,
                    )
                found.append(by_name[item.name])
        return found

    def _add_resources(self, agent: Agent, specs: ResourceSpecs, chain: list[str], compile_internal: bool) -> None:
        for attr, resource_type in DESCRIPTOR_LISTS:
            for spec in specs.descriptors.get(attr, ()):
                self._add(agent, spec.name, resource_type, lambda s=spec, t=resource_type: build_descriptor(s, t), spec.path)
        for tool_spec in specs.tools:
            self._add(agent, tool_spec.name, ResourceType.TOOL, lambda s=tool_spec: build_tool(s), tool_spec.path)
        for prompt_spec in specs.prompts:
            self._add(agent, prompt_spec.name, ResourceType.PROMPT, lambda s=prompt_spec: build_prompt(s), prompt_spec.path)
        for skills_spec in specs.skills:
            self._add(agent, skills_spec.name, ResourceType.SKILLS, lambda s=skills_spec: build_skills(s), skills_spec.path)
        for sub in specs.subagents:
            self._add(agent, sub.name, ResourceType.AGENT, lambda s=sub: self._subagent(s, chain, compile_internal), sub.path)

    def _add(self, agent: Agent, name: str, resource_type: ResourceType, build: Any, path: str) -> None:
        try:
            value = build()
        except Exception as error:
            raise at_path(error, path) from None
        agent.add_resource(name, resource_type, value, site=path)

    def _subagent(self, spec: SubagentSpec, chain: list[str], compile_internal: bool) -> Any:
        if spec.target_clazz is not None:
            return ResourceDescriptor(spec.target_module or "", spec.target_clazz, spec.arguments, spec.type or "python")
        if spec.agent_ref is None:
            return declared_setup(spec, self._types, SubagentSetup)
        if spec.agent_ref not in {agent.name for agent in self.document.agents}:
            raise at_path(InvalidValueError(f"sub-agent {quote(spec.name)} refers to agent {quote(spec.agent_ref)}, which is not declared", code="SUBAGENT_AGENT_UNDECLARED"), f"{spec.path}.agent_ref")
        if spec.agent_ref in chain:
            cycle = " -> ".join([*chain, spec.agent_ref])
            raise at_path(InvalidValueError(f"Cyclic sub-agent definition detected: {cycle}", code="SUBAGENT_CYCLE"), f"{spec.path}.agent_ref")
        child = self._compile(spec.agent_ref, [*chain, spec.agent_ref], child=True) if compile_internal else None
        return declared_setup(spec, self._types, InternalSubagentSetup, child_plan=child, scope=spec.name)

    def _agent(self, spec: AgentSpec, chain: list[str], compile_internal: bool) -> Agent:
        agent = Agent(spec.name)
        self._add_resources(agent, spec.resources, chain, compile_internal)
        self._add_resources(agent, self.document.shared, chain, compile_internal)
        inline = [item for item in spec.resources.actions if isinstance(item, ActionSpec)]
        shared = self._shared_actions(spec) if compile_internal else []
        for action in [*inline, *shared]:
            try:
                parameter_types = JAVA_ACTION_PARAMETER_TYPES if action.type == "java" else ()
                func = resolve_function(action.name, action.function, action.type, parameter_types)
            except ValueError as error:
                raise at_path(error, action.path) from None
            triggers = [resolve_event_type(t) for t in action.trigger_conditions]
            agent.add_action(action.name, triggers, func, action.config or None, site=action.path)
        return agent

    @property
    def agent_names(self) -> list[str]:
        return list(self._specs)

    def plan(self, name: str) -> AgentPlan:
        """The plan of one agent; its internal sub-agents become child plans, a cycle is refused."""
        return self._compile(name, [name], child=False)

    def _compile(self, name: str, chain: list[str], child: bool) -> AgentPlan:
        if name not in self._specs:
            raise DeclarationError(f"no agent named {quote(name)} is declared", "$.agents", code="AGENT_UNDECLARED")
        agent = self._agent(self._specs[name], chain, compile_internal=True)
        return build_plan(agent, self.registry, self.config, child=child)

    def select(self, name: str | None) -> str:
        """The agent to build: the one named, else the only one declared."""
        if name is not None:
            return name
        if len(self._specs) == 1:
            return next(iter(self._specs))
        if not self._specs:
            raise DeclarationError("the declaration declares no agent to build", "$", code="AGENTS_NONE")
        names = ", ".join(quote(n) for n in self._specs)
        raise DeclarationError(f"the declaration declares several agents ({names}): name the one to build", "$.agents", code="AGENTS_SEVERAL")


def build_yaml_plan(
    document: AgentsDocument,
    agent: str | None = None,
    registry: ClassRegistry = DEFAULT_REGISTRY,
    config: AgentConfiguration | None = None,
) -> AgentPlan:
    """The plan of one agent of a YAML agents document (the only one, unless ``agent`` names it)."""
    builder = YamlPlanBuilder(document, registry, config)
    return builder.plan(builder.select(agent))
