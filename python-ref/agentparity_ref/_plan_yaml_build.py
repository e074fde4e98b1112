"""Building agents and plans from a checked YAML agents document. Mirrors `src/plan/yaml/`
(`buildResources.ts`, `buildAgents.ts`, `buildYamlPlan.ts`): the upstream loader's rules and
messages, plus sub-agents (internal, external, declared in place) and declared types.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from agentparity_ref._declaration_messages import DeclarationError, quote
from agentparity_ref._plan_agent import Agent
from agentparity_ref._plan_build import build_plan
from agentparity_ref._plan_classes import DEFAULT_REGISTRY
from agentparity_ref._plan_internal import InternalSubagentSetup, make_setup, with_types
from agentparity_ref._plan_model import AgentConfiguration, AgentPlan
from agentparity_ref._plan_registry import ClassRegistry
from agentparity_ref._plan_yaml_aliases import JAVA_DESCRIPTOR_TYPES, resolve_clazz, resolve_event_type
from agentparity_ref._plan_yaml_specs import (
    DESCRIPTOR_LISTS,
    ActionRef,
    ActionSpec,
    AgentsDocument,
    AgentSpec,
    DescriptorSpec,
    PromptSpec,
    ResourceSpecs,
    SkillsSpec,
    SubagentSpec,
    ToolSpec,
)
from agentparity_ref.functions import FunctionDescriptor, JavaFunction, PythonFunction, TypeScriptFunction
from agentparity_ref.resources import Language, Prompt, ResourceDescriptor, ResourceType, Skills
from agentparity_ref.subagent import SubagentSetup
from agentparity_ref.tools import FunctionTool
from agentparity_ref.types import DECLARATION_FORMAT, Declaration, build_models, build_type, read_declaration, read_type_expr_in

# Action methods always take (Event, RunnerContext).
JAVA_ACTION_PARAMETER_TYPES = ("org.apache.flink.agents.api.Event", "org.apache.flink.agents.api.context.RunnerContext")


def _at(error: Exception, path: str) -> Exception:
    if getattr(error, "path", None) is None:
        error.path = path  # type: ignore[attr-defined]
    return error


def resolve_function(name: str, function: str | None, language: Language | None, parameter_types: Iterable[str]) -> FunctionDescriptor:
    """A ``<module-or-class>:<qualname>`` reference as the function descriptor of its language."""
    if function is None:
        raise ValueError(f"Action/tool {name!r}: 'function' is required and must be of the form '<module-or-class>:<qualname>'.")
    parts = function.split(":")
    if len(parts) != 2 or not parts[0] or not parts[1]:
        kind = language or "python"
        raise ValueError(
            f"Action/tool {name!r}: {kind} function {function!r} must be of the form '<module-or-class>:<qualname>' "
            "(e.g. 'pkg.tools:add', 'pkg.tools:MyTools.add', 'com.example.MyClass:method')."
        )
    left, right = parts
    if language == "java":
        return JavaFunction(left, right, tuple(parameter_types))
    if language == "typescript":
        return TypeScriptFunction(left, right)
    return PythonFunction(left, right)


def build_descriptor(spec: DescriptorSpec, resource_type: ResourceType) -> ResourceDescriptor:
    """A descriptor in the language the spec names (Python unless ``type`` says otherwise)."""
    language: Language = spec.type or "python"
    if language == "java" and resource_type not in JAVA_DESCRIPTOR_TYPES:
        raise ValueError(
            f"Resource {spec.name!r}: type='java' is not supported for {resource_type.value} (no Python-side Java wrapper)."
        )
    clazz = resolve_clazz(spec.clazz, resource_type, language)
    if language != "typescript":
        return ResourceDescriptor.from_class_path(clazz, spec.arguments, language)
    module, colon, name = clazz.rpartition(":")
    if not colon or not module or not name:
        raise ValueError(f"Resource {spec.name!r}: typescript class {clazz!r} must be of the form '<module>:<Class>'.")
    return ResourceDescriptor(module, name, spec.arguments, "typescript")


def build_tool(spec: ToolSpec) -> FunctionTool:
    if spec.type == "java" and spec.parameter_types is None:
        raise ValueError(f"Tool {spec.name!r}: java tools must declare 'parameter_types' in YAML.")
    if spec.type != "java" and spec.parameter_types is not None:
        raise ValueError(f"Tool {spec.name!r}: 'parameter_types' is only for java tools.")
    func = resolve_function(spec.name, spec.function, spec.type, spec.parameter_types or ())
    return FunctionTool(spec.name, func, injected_args=spec.injected_args)


def build_prompt(spec: PromptSpec) -> Prompt:
    return Prompt.from_text(spec.text) if spec.text else Prompt.from_messages(spec.messages or ())


def build_skills(spec: SkillsSpec) -> Skills:
    return Skills(spec.paths, spec.urls, spec.classpath, spec.package)


@dataclass
class _DeclaredTypes:
    """The document's ``types:`` block, and the pydantic models built from it (once)."""

    declaration: Declaration | None
    _classes: dict[str, type] | None = field(default=None)

    def resolve(self, tree: Any, path: str) -> Any:
        """The Python type a spec's ``input_type``/``result_type`` names: a model name or a type expression."""
        if tree is None:
            return object
        declaration = self.declaration or read_declaration({"format": DECLARATION_FORMAT})
        if isinstance(tree, str):
            # A model named by itself: a problem with it is where the name is written.
            try:
                expr = read_type_expr_in(declaration, {"type": "model", "name": tree}, path)
            except DeclarationError as error:
                raise DeclarationError(error.message, path) from error
        else:
            expr = read_type_expr_in(declaration, tree, path)
        if self._classes is None:
            self._classes = build_models(declaration)
        return build_type(expr, self._classes)

    @property
    def mode(self) -> Any:
        return (self.declaration.mode if self.declaration else None) or "validation"


def _setup(spec: SubagentSpec, types: _DeclaredTypes, base: type[SubagentSetup], **fields: Any) -> SubagentSetup:
    input_type = types.resolve(spec.input_type, f"{spec.path}.input_type")
    result_type = types.resolve(spec.result_type, f"{spec.path}.result_type")
    setup_class = base if input_type is object and result_type is object else with_types(base, input_type, result_type, types.mode)
    metadata = {"description": spec.description or "", "input_schema": spec.input_schema}
    try:
        return make_setup(setup_class, **metadata, **fields)
    except ValueError as error:
        raise _at(error, f"{spec.path}.input_schema") from None
    except TypeError as error:
        raise _at(error, f"{spec.path}.input_type") from None


class YamlPlanBuilder:
    """Builds the agents of one document, and the plan of any of them."""

    def __init__(
        self, document: AgentsDocument, registry: ClassRegistry = DEFAULT_REGISTRY, config: AgentConfiguration | None = None
    ) -> None:
        self.document = document
        self.registry = registry
        # Internal sub-agents inherit the configuration of the plan that declares them.
        self.config = config
        self._types = _DeclaredTypes(document.types)
        self._specs = self._check_document()

    def _check_document(self) -> dict[str, AgentSpec]:
        source = self.document.source
        specs: dict[str, AgentSpec] = {}
        for spec in self.document.agents:
            if spec.name in specs:
                raise _at(ValueError(f"Duplicate agent name {spec.name!r} in {source}"), spec.path)
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
                raise _at(ValueError(f"Duplicate shared {what} name {item.name!r} in {self.document.source}"), item.path)
            seen.add(item.name)

    def _shared_actions(self, spec: AgentSpec) -> list[ActionSpec]:
        by_name = {action.name: action for action in self.document.shared.actions if isinstance(action, ActionSpec)}
        found = []
        for item in spec.resources.actions:
            if isinstance(item, ActionRef):
                if item.name not in by_name:
                    raise _at(
                        ValueError(
                            f"Agent {spec.name!r} references shared action {item.name!r} in {self.document.source}, "
                            "but no shared action with that name is defined at the file level."
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
            raise _at(error, path) from None
        agent.add_resource(name, resource_type, value, site=path)

    def _subagent(self, spec: SubagentSpec, chain: list[str], compile_internal: bool) -> Any:
        if spec.target_clazz is not None:
            return ResourceDescriptor(spec.target_module or "", spec.target_clazz, spec.arguments, spec.type or "python")
        if spec.agent_ref is None:
            return _setup(spec, self._types, SubagentSetup)
        if spec.agent_ref not in {agent.name for agent in self.document.agents}:
            raise _at(ValueError(f"sub-agent {quote(spec.name)} refers to agent {quote(spec.agent_ref)}, which is not declared"), f"{spec.path}.agent_ref")
        if spec.agent_ref in chain:
            cycle = " -> ".join([*chain, spec.agent_ref])
            raise _at(ValueError(f"Cyclic sub-agent definition detected: {cycle}"), f"{spec.path}.agent_ref")
        child = self.plan(spec.agent_ref, [*chain, spec.agent_ref]) if compile_internal else None
        return _setup(spec, self._types, InternalSubagentSetup, agent_plan=child)

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
                raise _at(error, action.path) from None
            triggers = [resolve_event_type(t) for t in action.trigger_conditions]
            agent.add_action(action.name, triggers, func, action.config or None, site=action.path)
        return agent

    @property
    def agent_names(self) -> list[str]:
        return list(self._specs)

    def plan(self, name: str, chain: list[str] | None = None) -> AgentPlan:
        """The plan of one agent; its internal sub-agents become child plans, a cycle is refused."""
        if name not in self._specs:
            raise DeclarationError(f"no agent named {quote(name)} is declared", "$.agents")
        agent = self._agent(self._specs[name], chain or [name], compile_internal=True)
        return build_plan(agent, self.registry, self.config)

    def select(self, name: str | None) -> str:
        """The agent to build: the one named, else the only one declared."""
        if name is not None:
            return name
        if len(self._specs) == 1:
            return next(iter(self._specs))
        if not self._specs:
            raise DeclarationError("the declaration declares no agent to build", "$")
        names = ", ".join(quote(n) for n in self._specs)
        raise DeclarationError(f"the declaration declares several agents ({names}): name the one to build", "$.agents")


def build_yaml_plan(
    document: AgentsDocument,
    agent: str | None = None,
    registry: ClassRegistry = DEFAULT_REGISTRY,
    config: AgentConfiguration | None = None,
) -> AgentPlan:
    """The plan of one agent of a YAML agents document (the only one, unless ``agent`` names it)."""
    builder = YamlPlanBuilder(document, registry, config)
    return builder.plan(builder.select(agent))
