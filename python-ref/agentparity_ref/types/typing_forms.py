"""`Union[...]` and `Literal[...]` built past typing's cache, so that a type keeps its own order.

typing caches both by their arguments, and arguments compare as Python compares them: unions and
literals as sets, `0.0 == -0.0`. A long-lived process that built `Union[date, timedelta]` would
hand a later `Union[timedelta, date]` (inside another union, or after an `Optional[...]`) the
earlier member order, and `Literal[-0.0]` the earlier `Literal[0.0]`; pydantic would then print
another schema and try union members in another order. Calling the forms' own builders, which the
cache wraps, makes every type from its own arguments alone.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Sequence
from typing import Any


def _uncached(form: Any) -> Callable[..., Any] | None:
    # CPython 3.11-3.13 keep the unwrapped builder of a special form as `_getitem`, wrapped by the
    # cache for Literal. Where it is missing, subscripting is the only way left.
    getitem = getattr(form, "_getitem", None)
    return None if getitem is None else inspect.unwrap(getitem)


_UNION = _uncached(typing.Union)
_LITERAL = _uncached(typing.Literal)


def union_of(members: Sequence[Any]) -> Any:
    """`Union[members]` in the given order (typing still splices nested unions and drops repeats)."""
    if _UNION is None:
        return typing.Union[tuple(members)]
    return _UNION(typing.Union, tuple(members))


def literal_of(values: Sequence[Any]) -> Any:
    """`Literal[values]` holding these very values."""
    if _LITERAL is None:
        return typing.Literal[tuple(values)]
    return _LITERAL(typing.Literal, *values)
