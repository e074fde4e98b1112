"""The actions of one run. Mirrors `src/runner/runnableActions.ts`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..actions.chat_model_action import chat_model_action
from ..actions.tool_call_action import ToolCallMode, tool_call_action
from ..functions.function_descriptor import PythonFunction, function_text
from ..plan.action import Action
from ..plan.built_in_actions import BUILT_IN_ACTIONS_MODULE
from ..runtime.action_function import ActionFunction
from ..runtime.chat_agent_actions import READY_MADE_ACTIONS
from ..errors import NotSupportedError
from .named_functions import NamedFunctions
from .stand_ins import own_function_for


@dataclass(frozen=True)
class RunnableAction:
    """An action as the runner runs it: the event types it listens to, its configuration and its function."""

    name: str
    listens_to: tuple[str, ...]
    config: Any
    run: ActionFunction


def _refuse(code: str, message: str) -> ActionFunction:
    def run(*_: Any) -> None:
        raise NotSupportedError(message, code=code)

    return run


def _built_in(qualname: str, mode: ToolCallMode) -> ActionFunction | None:
    # Fresh for each run, so that no conversation outlives the input it belongs to.
    if qualname == "process_chat_request_or_tool_response":
        return chat_model_action()
    if qualname == "process_tool_request":
        return tool_call_action(mode)
    if qualname == "process_context_retrieval_request":
        return _refuse("ACTION_NO_VECTOR_STORES", "The local runner has no vector stores to answer a context retrieval request.")
    return None


def _ready_made(own: tuple[str, str]) -> ActionFunction | None:
    for known in READY_MADE_ACTIONS:
        if (known.module, known.qualname) == own:
            return known.implementation
    return None


@dataclass(frozen=True)
class ActionSite:
    """What the functions of a plan's actions are bound to: the runner's named functions, and the
    plan's JSON Pointer in the root plan (empty for the root)."""

    functions: NamedFunctions
    path: str = ""


def _function_of(action: Action, mode: ToolCallMode, site: ActionSite) -> ActionFunction:
    function = action.exec
    if isinstance(function, PythonFunction) and function.implementation is not None:
        return function.implementation
    # Another language's built-in or ready-made action runs as this runtime's own.
    own = own_function_for(function) or ((function.module, function.qualname) if isinstance(function, PythonFunction) else None)
    found = _built_in(own[1], mode) if own is not None and own[0] == BUILT_IN_ACTIONS_MODULE else None
    if found is not None:
        return found
    named = site.functions.find(function) or (None if own is None else _ready_made(own))
    if named is not None:
        return named
    # Refused when the action is triggered, as upstream resolves a function when it first runs.
    where = "" if site.path == "" else f" in {site.path}"
    return _refuse("ACTION_FUNCTION_NOT_IMPLEMENTED", f"Action {action.name}{where} runs {function_text(function)}, which has no implementation in this process.")


def runnable_actions(actions: Iterable[Action], mode: ToolCallMode, site: ActionSite) -> list[RunnableAction]:
    """The actions of one run, in plan order: the built-in actions run this runtime's chat-model and
    tool-call actions, whichever language's plan names them; any other runs the implementation its
    ``PythonFunction`` carries, or, read from a plan, the named function the runner was given for
    it, or the ready-made action of that name (any language's). Nothing is ever imported by the
    name a plan gives. Trigger conditions match event types exactly (condition expressions match
    none)."""
    return [RunnableAction(a.name, tuple(a.trigger_conditions), a.config, _function_of(a, mode, site)) for a in actions]
