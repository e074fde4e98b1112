"""A pause of the cyclic garbage collector around the loops that build or walk deep values."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pauses the cyclic garbage collector for a loop that allocates many small objects.

    Each collection of the oldest generation scans every live container, and a deep value is a
    million of them, so the collector would otherwise cost several times the loop itself. The
    loops create no reference cycles, so nothing is left for the collector to find afterwards.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
