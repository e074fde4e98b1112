"""Several sub-agent handles awaited together. Mirrors `src/subagent/subagentFutures.ts`."""

from __future__ import annotations

import asyncio
from collections.abc import Generator, Iterator
from typing import TYPE_CHECKING, Any, Protocol

from .subagent_result import SubagentResult

if TYPE_CHECKING:
    from .subagent_future import SubagentFuture


class BatchRunner(Protocol):
    """Runs handles awaited as one group (internal sub-agent calls: admission, group checks, reference §3.8)."""

    async def run_batch(self, futures: tuple[SubagentFuture, ...]) -> list[SubagentResult]: ...


class SubagentFutures:
    """Several handles awaited together; `await futures` gives their results in the order added."""

    def __init__(self, *futures: SubagentFuture) -> None:
        self._futures = tuple(futures)

    @property
    def futures(self) -> tuple[SubagentFuture, ...]:
        return self._futures

    def __len__(self) -> int:
        return len(self._futures)

    def __iter__(self) -> Iterator[SubagentFuture]:
        return iter(self._futures)

    def done(self) -> bool:
        return all(future.done() for future in self._futures)

    def cancel(self) -> None:
        for future in self._futures:
            future.cancel()

    def combine(self, *others: SubagentFuture | SubagentFutures) -> SubagentFutures:
        """These handles followed by the others (a `SubagentFutures` adds its handles in order)."""
        added: list[SubagentFuture] = []
        for other in others:
            added.extend(other.futures if isinstance(other, SubagentFutures) else (other,))
        return SubagentFutures(*self._futures, *added)

    async def wait(self) -> list[SubagentResult]:
        batch = next((b for b in (getattr(f, "batch", None) for f in self._futures) if b is not None), None)
        if batch is not None:
            return await batch.run_batch(self._futures)
        return list(await asyncio.gather(*(future.wait() for future in self._futures)))

    def __await__(self) -> Generator[Any, None, list[SubagentResult]]:
        return self.wait().__await__()
