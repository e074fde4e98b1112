"""Claims a store, waiting a while for another run to end. Mirrors `src/runtime/claimStore.ts`."""

from __future__ import annotations

import asyncio
import time

from .durable_store import DurableStore
from .store_claimed_error import StoreClaimedError

_RETRY_S = 0.025
"""How often a runner that waits for a store asks again."""


async def claim_store(store: DurableStore, wait_s: float) -> None:
    deadline = time.monotonic() + wait_s
    while True:
        try:
            store.claim()
            return
        except StoreClaimedError:
            if time.monotonic() + _RETRY_S > deadline:
                raise
        await asyncio.sleep(_RETRY_S)
