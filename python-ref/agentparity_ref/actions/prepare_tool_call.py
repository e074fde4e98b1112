"""Routing one tool call (reference §4.2-4.3): prefixed names in AGENT, any other in TOOL."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from ..chat.tool_call import ToolCallView
from ..resources.resource_type import ResourceType
from ..runtime.runner_context import RunnerContext
from ..subagent.callable_name_prefix import CALLABLE_NAME_PREFIX
from ..subagent.subagent_setup import SubagentSetup
from ..tools.tool import is_callable_tool
from ..tools.tool_response import ToolResponse
from .failure_text import INVALID_ARGUMENTS, failure_reason, missing_tool, subagent_failure, tool_failure


@dataclass(frozen=True)
class Delegation:
    call_id: str
    callable_name: str
    """The full `_subagent_<name>`, which failure messages use."""
    setup: SubagentSetup
    args: dict[str, Any]


@dataclass(frozen=True)
class ToolExecution:
    call_id: str
    name: str
    tool: Any
    args: dict[str, Any]


Execution = Delegation | ToolExecution


def prepare_tool_call(call: ToolCallView, ctx: RunnerContext) -> Execution | ToolResponse:
    """A call that cannot run is answered here with a failed response: this is the preparation
    phase, whose failures the model reads first. A cancellation propagates. A resolved call is
    reported `created`; an unresolved one `failed`."""
    delegated = call.name.startswith(CALLABLE_NAME_PREFIX)

    def refuse(message: str, reason: str) -> ToolResponse:
        # What cannot be resolved stays in the TOOL scope under the name the model called.
        ctx.report("TOOL", call.name, "failed")
        return ToolResponse.failed(message, reason)

    def fail(reason: str) -> ToolResponse:
        return refuse(subagent_failure(call.name, reason) if delegated else tool_failure(call.name, reason), reason)

    lookup = call.name[len(CALLABLE_NAME_PREFIX) :] if delegated else call.name
    try:
        resource = ctx.get_resource(lookup, ResourceType.AGENT if delegated else ResourceType.TOOL)
    except asyncio.CancelledError:
        raise
    except Exception as error:
        if not delegated:
            return refuse(missing_tool(call.name), missing_tool(call.name))
        return fail(failure_reason(error))
    if delegated and not isinstance(resource, SubagentSetup):
        return fail(f"Sub-agent {lookup} must resolve to a SubagentSetup, but was {type(resource).__name__}.")
    if not delegated and not is_callable_tool(resource):
        return fail(f"Tool {lookup} must resolve to a callable tool, but was {type(resource).__name__}.")
    if not isinstance(call.arguments, dict):
        return fail(INVALID_ARGUMENTS)
    args = dict(call.arguments)  # a shallow copy, exactly as the model sent them: nothing injected
    ctx.report("SUBAGENT" if delegated else "TOOL", lookup, "created")
    if delegated:
        return Delegation(call.id, call.name, resource, args)
    return ToolExecution(call.id, call.name, resource, args)
