"""Events, runner context, durable execution and its stores, the local runner. Mirrors `src/runtime/`."""

from typing import TYPE_CHECKING

from ..lazy_exports import lazy_exports
from .action_function import ActionFunction
from .cancellation import CancelledError, is_cancellation
from .durable_executor import DurableCallable, DurableExecutor, RecordedError, ReplayMismatchError, durable
from .durable_store import DurableOutcome, DurableRecord, DurableStore
from .event_json import event_from_json, event_to_json
from .events import (
    CHAT_REQUEST_EVENT,
    CHAT_RESPONSE_EVENT,
    INPUT_EVENT,
    OUTPUT_EVENT,
    TOOL_REQUEST_EVENT,
    TOOL_RESPONSE_EVENT,
    ChatRequestEvent,
    ChatResponseEvent,
    Event,
    GenericEvent,
    InputEvent,
    OutputEvent,
    ToolRequestEvent,
    ToolResponseEvent,
)
from .execution_report import ExecutionReport
from .memory.memory_object import NESTED_OBJECT_MARK, MemoryObject
from .memory.memory_ref import MemoryRef
from .memory_store import MemoryStore
from .runner_context import ActionContext, RunnerContext, SessionIds
from .sqlite_store import SqliteStore

if TYPE_CHECKING:
    from .agent_resources import AgentResources
    from .chat_agent_actions import ASK_CHAT_MODEL, REPLY_WITH_CHAT_RESPONSE, RUNTIME_MODULE, ask_chat_model, reply_with_chat_response
    from .local_runner import InputRun, LocalRunner, trace_to_json

# The runner, its resources and its ready-made actions need the plan model and the built-in
# actions, which need the parts above.
__getattr__ = lazy_exports(
    __name__,
    {
        "AgentResources": ".agent_resources",
        "ASK_CHAT_MODEL": ".chat_agent_actions",
        "REPLY_WITH_CHAT_RESPONSE": ".chat_agent_actions",
        "RUNTIME_MODULE": ".chat_agent_actions",
        "ask_chat_model": ".chat_agent_actions",
        "reply_with_chat_response": ".chat_agent_actions",
        "InputRun": ".local_runner",
        "LocalRunner": ".local_runner",
        "trace_to_json": ".local_runner",
    },
)

__all__ = [
    "NESTED_OBJECT_MARK",
    "MemoryObject",
    "MemoryRef",
    "ASK_CHAT_MODEL",
    "CHAT_REQUEST_EVENT",
    "CHAT_RESPONSE_EVENT",
    "INPUT_EVENT",
    "OUTPUT_EVENT",
    "REPLY_WITH_CHAT_RESPONSE",
    "RUNTIME_MODULE",
    "TOOL_REQUEST_EVENT",
    "TOOL_RESPONSE_EVENT",
    "ActionContext",
    "ActionFunction",
    "AgentResources",
    "CancelledError",
    "ChatRequestEvent",
    "ChatResponseEvent",
    "DurableCallable",
    "DurableExecutor",
    "DurableOutcome",
    "DurableRecord",
    "DurableStore",
    "Event",
    "ExecutionReport",
    "GenericEvent",
    "InputEvent",
    "InputRun",
    "LocalRunner",
    "MemoryStore",
    "OutputEvent",
    "RecordedError",
    "ReplayMismatchError",
    "RunnerContext",
    "SessionIds",
    "SqliteStore",
    "ToolRequestEvent",
    "ToolResponseEvent",
    "ask_chat_model",
    "durable",
    "event_from_json",
    "event_to_json",
    "is_cancellation",
    "reply_with_chat_response",
    "trace_to_json",
]
