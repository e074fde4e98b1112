"""A sub-agent backed by a function in this process; each call is one durable execution under `session_id#call_id`."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from pydantic import ConfigDict, Field

from ..runtime.runner_context import RunnerContext
from ..subagent.subagent_future import SubagentFuture
from ..subagent.subagent_setup import SubagentSetup
from .durable_subagent_call import TaskFuture, UnknownOutcomePolicy, durable_subagent_call, invocation_id_of

SubagentFunction = Callable[[Any, str], Any]
"""The prompt and the session in, a JSON result out (a plain function or a coroutine function)."""


class FunctionSubagentSetup(SubagentSetup):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    run: SubagentFunction = Field(exclude=True)
    """Behaviour, not state: never part of plan JSON."""
    unknown_outcome: UnknownOutcomePolicy = Field(default="repeat", exclude=True)
    """What a restart does with a call the process died during: `repeat` (the work died with the
    process) or `fail-closed`. Set in code; plans do not carry it."""

    async def submit(
        self, ctx: RunnerContext, prompt: Any, session_id: str | None = None, call_id: str | None = None
    ) -> SubagentFuture:
        session = session_id or ctx.next_session_id()
        call = call_id or session

        async def work() -> Any:
            value = self.run(prompt, session)
            return await value if inspect.isawaitable(value) else value

        pending = durable_subagent_call(ctx, "function_subagent", work, invocation_id_of(session, call), None, self.unknown_outcome)
        return TaskFuture(session, call, pending)
