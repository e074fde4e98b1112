"""Sub-agents as an AGENT resource: the setup, the result, the handles of a running call.
Mirrors `src/subagent/`. The runnable setups (in-process, over HTTP) are `setups`.
"""

from .callable_name_prefix import CALLABLE_NAME_PREFIX
from .subagent_future import SubagentFuture
from .subagent_futures import SubagentFutures
from .subagent_result import SubagentResult
from .subagent_setup import BLANK_SCHEMA_MESSAGE, SubagentSetup, declared_setup, input_schema_from

__all__ = [
    "BLANK_SCHEMA_MESSAGE",
    "CALLABLE_NAME_PREFIX",
    "SubagentFuture",
    "SubagentFutures",
    "SubagentResult",
    "SubagentSetup",
    "declared_setup",
    "input_schema_from",
]
