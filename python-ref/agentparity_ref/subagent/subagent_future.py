"""The awaitable handle of one sub-agent call. Mirrors `src/subagent/subagentFuture.ts`."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Generator
from typing import Any

from .subagent_futures import SubagentFutures
from .subagent_result import SubagentResult


class SubagentFuture(ABC):
    """The handle of one submitted sub-agent call; `await future` gives its `SubagentResult`."""

    def __init__(self, session_id: str, call_id: str) -> None:
        self._session_id = session_id
        self._call_id = call_id

    @property
    def session_id(self) -> str:
        return self._session_id

    @property
    def call_id(self) -> str:
        return self._call_id

    @property
    def identity(self) -> str:
        return f"{self._session_id}#{self._call_id}"

    @abstractmethod
    def done(self) -> bool:
        """Whether the call has finished, whichever way."""

    def cancel(self) -> None:
        """Asks the call to stop; does nothing unless an implementation can stop it."""

    def combine(self, *others: SubagentFuture | SubagentFutures) -> SubagentFutures:
        return SubagentFutures(self).combine(*others)

    @abstractmethod
    async def wait(self) -> SubagentResult:
        """The outcome of the call, once it has one."""

    def __await__(self) -> Generator[Any, None, SubagentResult]:
        return self.wait().__await__()
