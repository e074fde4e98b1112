"""Agents: actions and resources, added one by one or declared on a subclass with ``@action`` and
``@tool``. Declared once, an agent is both what ``build_plan`` compiles into plan JSON and what
``LocalRunner`` runs. Mirrors `src/plan/agent.ts`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from ..functions.function_descriptor import FunctionDescriptor, JavaFunction, PythonFunction, TypeScriptFunction
from ..resources.resource_type import RESOURCE_TYPES, ResourceType
from ..errors import InvalidValueError

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class ActionDeclaration:
    trigger_conditions: tuple[str, ...]
    """Event types (or condition expressions) the action listens for, combined with OR."""
    exec: FunctionDescriptor
    """The function it runs; a ``PythonFunction`` with its implementation can run in this process."""
    config: Any = None
    """Keyword configuration the action reads at run time; None when there is none."""


@dataclass(frozen=True)
class Declared:
    value: Any
    site: str | None
    """Where it was declared (a declaration path such as ``$.agents[0].tools[1]``), for error messages."""


def python_function_of(func: Callable[..., Any]) -> PythonFunction:
    """Names a Python function by its module and qualified name, keeping it to run: a plan holds the name only."""
    return PythonFunction(func.__module__, func.__qualname__, func)


def action(*trigger_conditions: str) -> Callable[[F], F]:
    """Declares a static method of an agent subclass as an action listening for the trigger conditions."""

    def mark(func: F) -> F:
        target = func.__func__ if isinstance(func, staticmethod) else func
        target._agent_action = tuple(trigger_conditions)  # type: ignore[attr-defined]
        return func

    return mark


def tool(func: F) -> F:
    """Declares a static method of an agent subclass as a tool, registered under the attribute name."""
    target = func.__func__ if isinstance(func, staticmethod) else func
    target._agent_tool = True  # type: ignore[attr-defined]
    return func


class Agent:
    """An agent (upstream ``Agent``): actions and resources (tools, sub-agents, chat models, prompts,
    ...). Names are unique among actions and per resource type; a repeated name is refused when added."""

    def __init__(self, name: str | None = None) -> None:
        self.name = name
        self._actions: dict[str, Declared] = {}
        self._resources: dict[ResourceType, dict[str, Declared]] = {t: {} for t in RESOURCE_TYPES}

    def add_action(
        self,
        name: str,
        trigger_conditions: Sequence[str],
        exec: FunctionDescriptor | Callable[..., Any],
        config: Any = None,
        site: str | None = None,
    ) -> Agent:
        """``exec`` is a function descriptor, or a Python function (named by its module and qualified name)."""
        if not isinstance(exec, PythonFunction | JavaFunction | TypeScriptFunction):
            exec = python_function_of(exec)
        if name in self._actions:
            error = InvalidValueError(f"Action {name} already defined", code="ACTION_DUPLICATE")
            error.path = site  # type: ignore[attr-defined]
            raise error
        self._actions[name] = Declared(ActionDeclaration(tuple(trigger_conditions), exec, config), site)
        return self

    def add_resource(self, name: str, resource_type: ResourceType, instance: Any, site: str | None = None) -> Agent:
        group = self._resources[resource_type]
        if name in group:
            error = InvalidValueError(f"{resource_type.value} {name} already defined", code="RESOURCE_ALREADY_DEFINED")
            error.path = site  # type: ignore[attr-defined]
            raise error
        group[name] = Declared(instance, site)
        return self

    @property
    def actions(self) -> dict[str, Declared]:
        """The actions added to this instance, in the order added."""
        return self._actions

    def resources(self, resource_type: ResourceType) -> dict[str, Declared]:
        """The resources added to this instance of one type, in the order added."""
        return self._resources[resource_type]

    def declared_members(self) -> list[tuple[str, Callable[..., Any]]]:
        """The static methods the agent's class declares with ``@action`` or ``@tool``, in class order."""
        members = []
        for name, value in type(self).__dict__.items():
            target = value.__func__ if isinstance(value, staticmethod) else value
            if callable(target) and (hasattr(target, "_agent_action") or hasattr(target, "_agent_tool")):
                members.append((name, target))
        return members
