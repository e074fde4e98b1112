"""Events, runner context, durable execution and its stores, the ready-made chat actions.
Mirrors `src/runtime/`. The local runner, which needs the plan model and the actions, is `runner`.
"""

from .action_function import ActionFunction
from .cancellation import CancelledError, is_cancellation
from .chat_agent_actions import ASK_CHAT_MODEL, REPLY_WITH_CHAT_RESPONSE, RUNTIME_MODULE, ask_chat_model, reply_with_chat_response
from .durable_executor import DurableCallable, DurableExecutor, RecordedError, ReplayMismatchError, durable
from .durable_store import DurableOutcome, DurableRecord, DurableStart, DurableStore
from .event_json import event_from_json, event_to_json
from .events import CHAT_REQUEST_EVENT, CHAT_RESPONSE_EVENT, INPUT_EVENT, OUTPUT_EVENT, TOOL_REQUEST_EVENT, TOOL_RESPONSE_EVENT, ChatRequestEvent, ChatResponseEvent, Event, GenericEvent, InputEvent, OutputEvent, ToolRequestEvent, ToolResponseEvent
from .execution_report import ExecutionReport
from .memory.memory_object import NESTED_OBJECT_MARK, MemoryObject
from .memory.memory_ref import MemoryRef
from .memory_store import MemoryStore
from .readable_configuration import ReadableConfiguration
from .runner_context import ActionContext, RunnerContext, SessionIds
from .sqlite_store import SqliteStore
from .store_claimed_error import StoreClaimedError

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
    "CancelledError",
    "ChatRequestEvent",
    "ChatResponseEvent",
    "DurableCallable",
    "DurableExecutor",
    "DurableOutcome",
    "DurableRecord",
    "DurableStart",
    "DurableStore",
    "Event",
    "ExecutionReport",
    "GenericEvent",
    "InputEvent",
    "MemoryStore",
    "OutputEvent",
    "RecordedError",
    "ReplayMismatchError",
    "ReadableConfiguration",
    "RunnerContext",
    "SessionIds",
    "SqliteStore",
    "StoreClaimedError",
    "ToolRequestEvent",
    "ToolResponseEvent",
    "ask_chat_model",
    "durable",
    "event_from_json",
    "event_to_json",
    "is_cancellation",
    "reply_with_chat_response",
]
