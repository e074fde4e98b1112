"""What a context offers internal sub-agents. Mirrors `src/runtime/internalSubagentCalls.ts`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ..errors import AgentparityError

if TYPE_CHECKING:
    from ..plan.internal_subagent_setup import InternalSubagentSetup
    from ..subagent.subagent_future import SubagentFuture


class InvalidStateError(AgentparityError, RuntimeError):
    """A call made in a state that does not allow it (Java `IllegalStateException`)."""


class InternalSubagentCalls(Protocol):
    """Upstream's `InternalSubagentCallFactory`: a deferred call per submit, with deterministic
    ids, and the identities of those never resolved."""

    def submit(self, setup: InternalSubagentSetup, prompt: Any, session_id: str | None = None, call_id: str | None = None) -> SubagentFuture: ...

    def unresolved(self) -> list[str]: ...
