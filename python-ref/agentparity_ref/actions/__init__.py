"""The built-in actions of a plan: the chat-model action, tool-call dispatch, and the normalization
and rendering of sub-agent results. Mirrors `src/actions/`.
"""

from .chat_model_action import chat_model_action
from .normalize_result import TOO_DEEP_MESSAGE, normalize_and_render, normalize_result
from .render_content import to_chat_message_content
from .result_walk import ResultTypeError, ResultValueError
from .tool_call_action import ToolCallMode, process_tool_request, tool_call_action

__all__ = [
    "TOO_DEEP_MESSAGE",
    "ResultTypeError",
    "ResultValueError",
    "ToolCallMode",
    "chat_model_action",
    "normalize_and_render",
    "normalize_result",
    "process_tool_request",
    "to_chat_message_content",
    "tool_call_action",
]
