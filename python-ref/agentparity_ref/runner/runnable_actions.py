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


@dataclass(frozen=True)
class RunnableAction:
    """An action as the runner runs it: the event types it listens to, its configuration and its function."""

    name: str
    listens_to: tuple[str, ...]
    config: Any
    run: ActionFunction


def _refuse(message: str) -> ActionFunction:
    def run(*_: Any) -> None:
        raise NotSupportedError(message)

    return run


def _built_in(qualname: str, mode: ToolCallMode) -> ActionFunction | None:
    # Fresh for each run, so that no conversation outlives the input it belongs to.
    if qualname == "process_chat_request_or_tool_response":
        return chat_model_action()
    if qualname == "process_tool_request":
        return tool_call_action(mode)
    if qualname == "process_context_retrieval_request":
        return _refuse("The local runner has no vector stores to answer a context retrieval request.")
    return None


def _ready_made(function: PythonFunction) -> ActionFunction | None:
    for known in READY_MADE_ACTIONS:
        if (known.module, known.qualname) == (function.module, function.qualname):
            return known.implementation
    return None


def _function_of(action: Action, mode: ToolCallMode) -> ActionFunction:
    function = action.exec
    if isinstance(function, PythonFunction):
        found = _built_in(function.qualname, mode) if function.module == BUILT_IN_ACTIONS_MODULE else None
        if found is not None:
            return found
        if function.implementation is not None:
            return function.implementation
        named = _ready_made(function)
        if named is not None:
            return named
    # Refused when the action is triggered, as upstream resolves a function when it first runs.
    return _refuse(f"Action {action.name} runs {function_text(function)}, which has no implementation in this process.")


def runnable_actions(actions: Iterable[Action], mode: ToolCallMode) -> list[RunnableAction]:
    """The actions of one run, in plan order: the built-in actions this runtime names run its own
    chat-model and tool-call actions; any other runs the implementation its ``PythonFunction``
    carries, or, read from a plan, the ready-made action of that name. Nothing is ever imported by
    the name a plan gives. Trigger conditions match event types exactly (condition expressions
    match none)."""
    return [RunnableAction(a.name, tuple(a.trigger_conditions), a.config, _function_of(a, mode)) for a in actions]
