"""A sub-agent backed by a function in this process; each call is one durable execution under `session_id#call_id`."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from pydantic import ConfigDict, Field

from ..functions.function_descriptor import FunctionDescriptor, JavaFunction, PythonFunction, TypeScriptFunction, function_text
from ..runtime.runner_context import RunnerContext
from ..subagent.subagent_future import SubagentFuture
from ..subagent.subagent_setup import SubagentSetup
from .durable_subagent_call import TaskFuture, UnknownOutcomePolicy, durable_subagent_call, invocation_id_of
from ..errors import NotSupportedError

SubagentFunction = Callable[[Any, str], Any]
"""The prompt and the session in, a JSON result out (a plain function or a coroutine function)."""


class FunctionSubagentSetup(SubagentSetup):
    """A plan names it by its function's descriptor (`func`), as it names a function tool: the
    function's module and qualname. Read from a plan, it is only named, and a call fails as a
    function tool's does."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    run: SubagentFunction | PythonFunction | JavaFunction | TypeScriptFunction = Field(exclude=True)
    """Behaviour, not state: a plan carries only its descriptor."""
    unknown_outcome: UnknownOutcomePolicy = Field(default="repeat", exclude=True)
    """What a restart does with a call the process died during: `repeat` (the work died with the
    process) or `fail-closed`. Set in code; plans do not carry it."""

    @property
    def func(self) -> FunctionDescriptor:
        """The function as a plan names it."""
        if isinstance(self.run, PythonFunction | JavaFunction | TypeScriptFunction):
            return self.run
        return PythonFunction(self.run.__module__, self.run.__qualname__, self.run)

    def to_json(self) -> dict[str, Any]:
        """The setup as a plan serializes it: the base fields, then the function's descriptor."""
        return {"description": self.description, "input_schema": self.input_schema, "func": self.func.to_json()}

    def _implementation(self) -> SubagentFunction:
        func = self.func
        if isinstance(func, PythonFunction) and func.implementation is not None:
            return func.implementation
        raise NotSupportedError(f"Sub-agent runs {function_text(func)}, which has no implementation in this process.", code="SUBAGENT_FUNCTION_NOT_IMPLEMENTED")

    async def submit(
        self, ctx: RunnerContext, prompt: Any, session_id: str | None = None, call_id: str | None = None
    ) -> SubagentFuture:
        session = session_id or ctx.next_session_id()
        call = call_id or session

        async def work() -> Any:
            value = self._implementation()(prompt, session)
            return await value if inspect.isawaitable(value) else value

        pending = durable_subagent_call(ctx, "function_subagent", work, invocation_id_of(session, call), None, self.unknown_outcome)
        return TaskFuture(session, call, pending)
