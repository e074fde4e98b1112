"""Tools: what a chat model may call by name, and what a call gave. Mirrors `src/tools/`."""

from .function_tool import FunctionTool, tool_metadata_of
from .tool import Tool, ToolType, is_callable_tool
from .tool_metadata import ToolMetadata
from .tool_response import ToolResponse, to_tool_response

__all__ = [
    "FunctionTool",
    "Tool",
    "ToolMetadata",
    "ToolResponse",
    "ToolType",
    "is_callable_tool",
    "to_tool_response",
]
