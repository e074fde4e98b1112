"""The runnable sub-agent setups (a function in process, a service over HTTP) and the durable call
they share: the layer above the runtime, whose context and durable executor they use. Mirrors
`src/setups/`. Plans still name these classes `agentparity_ref.subagent`, as the upstream layout does.
"""

from .durable_subagent_call import Probe, ProbeAnswer, TaskFuture, UnknownOutcomePolicy, durable_subagent_call
from .function_subagent_setup import FunctionSubagentSetup, SubagentFunction
from .http_subagent_server import SubagentHandler, SubagentServer, start_subagent_server
from .http_subagent_setup import HttpSubagentSetup

__all__ = [
    "FunctionSubagentSetup",
    "HttpSubagentSetup",
    "Probe",
    "ProbeAnswer",
    "SubagentFunction",
    "SubagentHandler",
    "SubagentServer",
    "TaskFuture",
    "UnknownOutcomePolicy",
    "durable_subagent_call",
    "start_subagent_server",
]
