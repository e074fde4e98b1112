"""The actions every plan has. Mirrors `src/plan/builtInActions.ts`."""

from __future__ import annotations

from ..functions.function_descriptor import PythonFunction
from .action import Action


BUILT_IN_ACTIONS_MODULE = "agentparity_ref.actions"


def built_in_actions() -> list[Action]:
    """The actions every plan has, after the agent's own: chat model, tool calls, context retrieval."""
    return [
        Action(
            "chat_model_action",
            PythonFunction(BUILT_IN_ACTIONS_MODULE, "process_chat_request_or_tool_response"),
            ["_chat_request_event", "_tool_response_event"],
            None,
        ),
        Action("tool_call_action", PythonFunction(BUILT_IN_ACTIONS_MODULE, "process_tool_request"), ["_tool_request_event"], None),
        Action(
            "context_retrieval_action",
            PythonFunction(BUILT_IN_ACTIONS_MODULE, "process_context_retrieval_request"),
            ["_context_retrieval_request_event"],
            None,
        ),
    ]
