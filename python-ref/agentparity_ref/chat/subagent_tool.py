"""A sub-agent offered to a chat model as a callable: metadata only."""

from __future__ import annotations

import json
from typing import Any, NoReturn

from ..subagent.callable_name_prefix import CALLABLE_NAME_PREFIX
from ..errors import InvalidValueError, NotSupportedError

SUBAGENT_MARKER = " This is subagent."
"""The marker every sub-agent callable's description ends with (reference §2.3)."""


class SubagentTool:
    """Dispatch resolves the AGENT resource at execution, so calling this is an error."""

    tool_type = "function"

    def __init__(self, name: str, description: str, parameters: Any) -> None:
        self.name = name
        self.description = description
        self.parameters = parameters
        """The sub-agent's input schema, parsed: forwarded to the model verbatim."""

    @staticmethod
    def of(agent_name: str, description: str, input_schema: str) -> SubagentTool:
        try:
            parameters = json.loads(input_schema)
        except ValueError:
            raise InvalidValueError(f"Sub-agent {agent_name} declares an input schema that is not valid JSON.", code="SUBAGENT_TOOL_SCHEMA_NOT_JSON") from None
        text = description or f"Delegate a standalone task to sub-agent {agent_name}"
        return SubagentTool(CALLABLE_NAME_PREFIX + agent_name, text + SUBAGENT_MARKER, parameters)

    def call(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise NotSupportedError("SubagentTool is metadata-only; resolve the AGENT resource at execution time.", code="SUBAGENT_TOOL_METADATA_ONLY")
