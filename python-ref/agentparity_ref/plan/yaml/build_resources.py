"""The resources a YAML document's specs stand for, built with the upstream loader's rules and
words. Mirrors `src/plan/yaml/buildResources.ts`.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...functions.function_descriptor import (
    FunctionDescriptor,
    JavaFunction,
    Language,
    PythonFunction,
    TypeScriptFunction,
)
from ...resources.prompt import Prompt
from ...resources.resource_descriptor import ResourceDescriptor
from ...resources.resource_type import ResourceType
from ...resources.skills import Skills
from ...tools.function_tool import FunctionTool
from .aliases import CLAZZ_ALIASES, JAVA_DESCRIPTOR_TYPES, resolve_clazz
from .specs import DescriptorSpec, PromptSpec, SkillsSpec, ToolSpec
from ...errors import InvalidValueError


def resolve_function(name: str, function: str | None, language: Language | None, parameter_types: Iterable[str]) -> FunctionDescriptor:
    """A ``<module-or-class>:<qualname>`` reference as the function descriptor of its language."""
    if function is None:
        raise InvalidValueError(f"Action/tool {name!r}: 'function' is required and must be of the form '<module-or-class>:<qualname>'.", code="FUNCTION_REFERENCE_MISSING")
    parts = function.split(":")
    if len(parts) != 2 or not parts[0] or not parts[1]:
        kind = language or "python"
        raise InvalidValueError(
            f"Action/tool {name!r}: {kind} function {function!r} must be of the form '<module-or-class>:<qualname>' "
            "(e.g. 'pkg.tools:add', 'pkg.tools:MyTools.add', 'com.example.MyClass:method').",
            code="FUNCTION_REFERENCE_MALFORMED",
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
        raise InvalidValueError(
            f"Resource {spec.name!r}: type='java' is not supported for {resource_type.value} (no Python-side Java wrapper).",
            code="RESOURCE_JAVA_UNSUPPORTED",
        )
    clazz = resolve_clazz(spec.clazz, resource_type, language)
    if language != "typescript":
        # A name without a dot is no class path, so it was meant as an alias: one not known is a
        # typo that would otherwise surface only when the resource is loaded.
        if "." not in clazz:
            aliases = list(CLAZZ_ALIASES.get(resource_type, {}).get(language, {}))
            raise InvalidValueError(
                f"Resource {spec.name!r}: clazz {clazz!r} is neither a class alias of {resource_type.value} for {language} "
                f"({', '.join(aliases) if aliases else 'it has none'}) nor a dotted class path.",
                code="RESOURCE_CLASS_UNKNOWN_ALIAS",
            )
        return ResourceDescriptor.from_class_path(clazz, spec.arguments, language)
    module, colon, name = clazz.rpartition(":")
    if not colon or not module or not name:
        raise InvalidValueError(f"Resource {spec.name!r}: typescript class {clazz!r} must be of the form '<module>:<Class>'.", code="RESOURCE_TYPESCRIPT_CLASS_MALFORMED")
    return ResourceDescriptor(module, name, spec.arguments, "typescript")


def build_tool(spec: ToolSpec) -> FunctionTool:
    if spec.type == "java" and spec.parameter_types is None:
        raise InvalidValueError(f"Tool {spec.name!r}: java tools must declare 'parameter_types' in YAML.", code="TOOL_JAVA_PARAMETER_TYPES_MISSING")
    if spec.type != "java" and spec.parameter_types is not None:
        raise InvalidValueError(f"Tool {spec.name!r}: 'parameter_types' is only for java tools.", code="TOOL_PARAMETER_TYPES_NOT_JAVA")
    func = resolve_function(spec.name, spec.function, spec.type, spec.parameter_types or ())
    return FunctionTool(spec.name, func, injected_args=spec.injected_args)


def build_prompt(spec: PromptSpec) -> Prompt:
    return Prompt.from_text(spec.text) if spec.text else Prompt.from_messages(spec.messages or ())


def build_skills(spec: SkillsSpec) -> Skills:
    return Skills(spec.paths, spec.urls, spec.classpath, spec.package)
