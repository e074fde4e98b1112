"""The local runner, the resources its actions reach and the actions of one run: the layer above
the runtime, the actions and the plan model. Mirrors `src/runner/`.
"""

from .agent_resources import AgentResources
from .local_runner import InputRun, LocalRunner, trace_to_json
from .named_functions import NamedFunctions

__all__ = ["AgentResources", "InputRun", "LocalRunner", "NamedFunctions", "trace_to_json"]
