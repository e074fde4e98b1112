"""Sub-agents as an AGENT resource: the setup, the result, the handles of a running call, and
the runnable setups (in-process, over HTTP). Mirrors `src/subagent/`.
"""

from typing import TYPE_CHECKING

from ..lazy_exports import lazy_exports
from .callable_name_prefix import CALLABLE_NAME_PREFIX
from .subagent_future import SubagentFuture
from .subagent_futures import SubagentFutures
from .subagent_result import SubagentResult
from .subagent_setup import BLANK_SCHEMA_MESSAGE, SubagentSetup, declared_setup, input_schema_from

if TYPE_CHECKING:
    from .durable_subagent_call import TaskFuture, durable_subagent_call
    from .function_subagent_setup import FunctionSubagentSetup, SubagentFunction
    from .http_subagent_server import SubagentHandler, SubagentServer, start_subagent_server
    from .http_subagent_setup import HttpSubagentSetup

# The runnable setups run through the runtime, whose actions need the setups above.
__getattr__ = lazy_exports(
    __name__,
    {
        "TaskFuture": ".durable_subagent_call",
        "durable_subagent_call": ".durable_subagent_call",
        "FunctionSubagentSetup": ".function_subagent_setup",
        "SubagentFunction": ".function_subagent_setup",
        "SubagentHandler": ".http_subagent_server",
        "SubagentServer": ".http_subagent_server",
        "start_subagent_server": ".http_subagent_server",
        "HttpSubagentSetup": ".http_subagent_setup",
    },
)

__all__ = [
    "BLANK_SCHEMA_MESSAGE",
    "CALLABLE_NAME_PREFIX",
    "FunctionSubagentSetup",
    "HttpSubagentSetup",
    "SubagentFunction",
    "SubagentFuture",
    "SubagentFutures",
    "SubagentHandler",
    "SubagentResult",
    "SubagentServer",
    "SubagentSetup",
    "TaskFuture",
    "declared_setup",
    "durable_subagent_call",
    "input_schema_from",
    "start_subagent_server",
]
