"""Chat messages, chat-model setups, callables and connections."""

from .chat_message import ChatMessage
from .chat_model_connection import ChatModelConnection
from .chat_model_setup import ChatModelSetup
from .openai_connection import ChatEndpointError, OpenAiConnection
from .scripted_connection import ScriptedConnection, ScriptedRequest, ScriptedTurn
from .skill_listing import SkillSummary
from .subagent_tool import SUBAGENT_MARKER, SubagentTool
from .to_openai_tool import MAX_DESCRIPTION_LENGTH, CallableSpec, to_openai_tool
from .tool_call import ToolCallView, read_tool_call, tool_call

__all__ = [
    "MAX_DESCRIPTION_LENGTH",
    "SUBAGENT_MARKER",
    "CallableSpec",
    "ChatEndpointError",
    "ChatMessage",
    "ChatModelConnection",
    "ChatModelSetup",
    "OpenAiConnection",
    "ScriptedConnection",
    "ScriptedRequest",
    "ScriptedTurn",
    "SkillSummary",
    "SubagentTool",
    "ToolCallView",
    "read_tool_call",
    "to_openai_tool",
    "tool_call",
]
