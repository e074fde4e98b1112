"""Events, runner context, durable execution and its stores, the local runner."""

from typing import TYPE_CHECKING

from ..lazy_exports import lazy_exports
from .agent import Action, Agent
from .cancellation import CancelledError, is_cancellation
from .durable_executor import DurableCallable, DurableExecutor, RecordedError, ReplayMismatchError, durable
from .durable_store import DurableOutcome, DurableRecord, DurableStore
from .event_json import event_from_json, event_to_json
from .events import (
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
from .memory_store import MemoryStore
from .resources import Resources
from .runner_context import ActionContext, RunnerContext, SessionIds
from .sqlite_store import SqliteStore

if TYPE_CHECKING:
    from .chat_agent_actions import ask_chat_model, reply_with_chat_response
    from .local_runner import InputRun, LocalRunner, trace_to_json

# The runner and its ready-made actions run the built-in actions, which need the parts above.
__getattr__ = lazy_exports(
    __name__,
    {
        "ask_chat_model": ".chat_agent_actions",
        "reply_with_chat_response": ".chat_agent_actions",
        "InputRun": ".local_runner",
        "LocalRunner": ".local_runner",
        "trace_to_json": ".local_runner",
    },
)

__all__ = [
    "Action",
    "ActionContext",
    "Agent",
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
    "Resources",
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
