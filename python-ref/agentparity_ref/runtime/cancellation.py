"""Cancellation is `asyncio.CancelledError`: never absorbed into a tool response, never recorded."""

from __future__ import annotations

import asyncio

CancelledError = asyncio.CancelledError


def is_cancellation(error: BaseException) -> bool:
    return isinstance(error, asyncio.CancelledError)
