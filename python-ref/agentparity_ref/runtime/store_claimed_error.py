"""Another run holds the durable store. Mirrors `src/runtime/storeClaimedError.ts`."""

from __future__ import annotations

from ..errors import AgentparityError


class StoreClaimedError(AgentparityError, RuntimeError):
    """Running beside the holder could repeat its calls."""

    def __init__(self, store: str, holder: str) -> None:
        super().__init__(f"Durable store {store} is claimed by another run ({holder}); it is free again when that run ends", code="STORE_CLAIMED")
        self.store = store
