"""The handle of one internal sub-agent call. Mirrors `src/runner/internal/internalFuture.ts`."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from ...subagent.subagent_future import SubagentFuture
from ...subagent.subagent_result import SubagentResult

if TYPE_CHECKING:
    from ...plan.internal_subagent_setup import InternalSubagentSetup
    from .action_calls import ActionCalls


class InternalFuture(SubagentFuture):
    """Submitting sends nothing: the call starts when the handle is resolved, alone or in a batch
    with the other handles of its action."""

    def __init__(self, batch: ActionCalls, setup: InternalSubagentSetup, prompt: Any, session_id: str, call_id: str) -> None:
        super().__init__(session_id, call_id)
        self.batch = batch
        self.setup = setup
        self.prompt = prompt
        self.resolved = False
        self._pending: asyncio.Future[SubagentResult] | None = None

    def done(self) -> bool:
        return self._pending is not None and self._pending.done()

    def start(self) -> asyncio.Future[SubagentResult]:
        """Starts the call once; a later start gives the same outcome."""
        if self._pending is None:
            self._pending = asyncio.ensure_future(self.batch.start(self))
        return self._pending

    async def wait(self) -> SubagentResult:
        self.resolved = True
        return await self.start()
