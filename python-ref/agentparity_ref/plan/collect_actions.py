"""The actions an agent runs, as its plan lists them. Mirrors `src/plan/collectActions.ts`."""

from __future__ import annotations

from .action import Action
from .agent import Agent, python_function_of
from .built_in_actions import built_in_actions
from .locate_error import locate
from .plan_errors import PlanBuildError


def collect_actions(agent: Agent) -> dict[str, Action]:
    """Those the agent's class declares, those added to it, then the built-in ones. A name taken
    twice (an added action named like a built-in) is refused with upstream's words, at the place
    the action was added."""
    listed: list[tuple[Action, str | None]] = []
    for name, func in agent.declared_members():
        if hasattr(func, "_agent_action"):
            listed.append((Action(name, python_function_of(func), list(func._agent_action), None), None))
    for name, declared in agent.actions.items():
        value = declared.value
        listed.append((Action(name, value.exec, list(value.trigger_conditions), value.config), declared.site))
    listed.extend((a, None) for a in built_in_actions())
    actions: dict[str, Action] = {}
    for action, site in listed:
        if action.name in actions:
            raise locate(PlanBuildError(f"Duplicate action name: {action.name}", code="PLAN_ACTION_DUPLICATE"), site)
        actions[action.name] = action
    return actions
