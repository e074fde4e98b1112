"""A pause of the cyclic garbage collector around the loops that build or walk deep values."""

from __future__ import annotations

import gc
from types import TracebackType


class gc_paused:  # noqa: N801 - used as `with gc_paused():`, like a function
    """Pauses the cyclic garbage collector for a loop that allocates many small objects.

    Each collection of the oldest generation scans every live container, and a deep value is a
    million of them, so the collector would otherwise cost several times the loop itself. The
    loops create no reference cycles, so nothing is left for the collector to find afterwards.
    A class rather than a generator: it is entered a few times per fuzzed case, and a
    generator-based context manager costs four times as much to enter and leave.
    """

    __slots__ = ("_enabled",)

    def __enter__(self) -> None:
        self._enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        if self._enabled:
            gc.enable()
