"""The walk that reduces a sub-agent result to JSON-generic form (reference §5.1).

It loops over a stack of open containers instead of recursing, so a finite result of any depth is
walked. The containers on the stack are the current path: re-entering one of them is a cycle,
refused where it re-enters; reaching a container that is not on the path (a diamond) copies it
again. Paths follow the upstream syntax: root `result`, `.key` for a dict key (raw, unescaped),
`[i]` for a list index.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..errors import AgentparityError
from ..pyjson.gc_paused import gc_paused

ROOT = "result"


class ResultTypeError(AgentparityError, TypeError):
    """A result JSON cannot express because of a type; `path` is where it was found."""

    def __init__(self, message: str, path: str, code: str) -> None:
        super().__init__(message, code=code)
        self.path = path


class ResultTooDeepError(AgentparityError, RecursionError):
    """A result too deep for some recursive code on the way."""


class ResultValueError(AgentparityError, ValueError):
    """A result JSON cannot express because of a value (non-finite, cyclic); `path` is where."""

    def __init__(self, message: str, path: str, code: str) -> None:
        super().__init__(message, code=code)
        self.path = path


def key_not_string(path: str) -> ResultTypeError:
    return ResultTypeError(f"Map keys in sub-agent result must be strings at {path}", path, code="RESULT_KEY_NOT_STRING")


def not_finite(path: str) -> ResultValueError:
    return ResultValueError(f"Non-finite number in sub-agent result at {path}", path, code="RESULT_NON_FINITE")


def unsupported(path: str, value: Any) -> ResultTypeError:
    return ResultTypeError(
        f"Sub-agent result must be JSON-compatible at {path}, found {type(value).__name__}", path, code="RESULT_NOT_JSON"
    )


def cycle(path: str) -> ResultValueError:
    return ResultValueError(f"Sub-agent result must be JSON-compatible at {path}, cycle detected", path, code="RESULT_CYCLE")


_NoneType = type(None)
# The scalars JSON holds as they are (a float also needs to be finite); one set lookup each.
_EXACT_SCALARS = frozenset({str, int, bool, _NoneType})


def _plain_scalar(value: Any, path: str) -> Any:
    """A scalar of a subclass of str, int or float as the base type; anything else is refused."""
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, int):
        return int.__int__(value)
    if isinstance(value, float):
        if value - value != 0.0:
            raise not_finite(path)
        return float.__float__(value)
    raise unsupported(path, value)


# An open container: the source items still to read, the copy being filled, whether it is a dict,
# the source's id, and what leads to it from its parent: a dict key (str) or a list index (int),
# turned into path text only for an error. A plain tuple, because one is made per container and a
# class would cost an `__init__` call each time.
_Frame = tuple[Iterator[Any], Any, bool, int, "str | int"]


def _segment(step: str | int) -> str:
    return f"[{step}]" if type(step) is int else f".{step}"


def _path(frames: list[_Frame], last: str | int | None = None) -> str:
    steps = [frame[4] for frame in frames[1:]]
    if last is not None:
        steps.append(last)
    return ROOT + "".join(_segment(step) for step in steps)


# Nesting down to which the quick check needs no set of the containers it has met: a cycle nests
# forever, so it shows as depth. Mirrors `DEPTH_LIMIT` of `src/actions/normalize/inspectJsonGeneric.ts`.
DEPTH_LIMIT = 1000


def quick_json_generic(raw: Any) -> bool | None:
    """Whether `raw` is JSON-generic already: exact dicts with exact str keys, lists, exact
    scalars and finite floats; None when it is nested deeper than `DEPTH_LIMIT`.

    This is the common case, checked with one cheap pass in no particular order; `copy_json_generic`
    runs only when it fails, and finds the first problem in walk order. A container reached twice
    (a diamond) is fine: it stays shared, and means the same JSON.
    """
    kind = type(raw)
    if kind in _EXACT_SCALARS:
        return True
    if kind is float:
        return raw - raw == 0.0
    if kind is not dict and kind is not list:
        return False
    return _check(raw, None)


def is_json_generic(raw: Any) -> bool:
    """`quick_json_generic`, with a value nested past its limit checked again by a pass that
    refuses any container met twice (so neither a cycle nor a diamond)."""
    quick = quick_json_generic(raw)
    return _check(raw, set()) is True if quick is None else quick


def _check(raw: dict[str, Any] | list[Any], seen: set[int] | None) -> bool | None:
    """The pass over the containers of `raw`: without `seen` down to `DEPTH_LIMIT` (None past it),
    with it at any depth, refusing a container met twice."""
    # Depth first, so that a cycle reaches the limit after a path's worth of work, whatever it
    # branches into.
    pending: list[Any] = [raw]
    depths = [0]
    pop = pending.pop
    push = pending.append
    pop_depth = depths.pop
    push_depth = depths.append
    while pending:
        value = pop()
        below = pop_depth() + 1
        if seen is None:
            if below > DEPTH_LIMIT:
                return None
        else:
            marker = id(value)
            if marker in seen:
                return False
            seen.add(marker)
        if type(value) is dict:
            for key in value:
                if type(key) is not str:
                    return False
            items = value.values()
        else:
            items = value
        for item in items:
            kind = type(item)
            if kind in _EXACT_SCALARS:
                continue
            if kind is dict or kind is list:
                push(item)
                push_depth(below)
            elif kind is not float or item - item != 0.0:
                return False
    return True


def to_json_generic(raw: Any) -> Any:
    """`raw` in JSON-generic form, or the first problem found in walk order.

    A result that is JSON-generic already is returned as it is; any other is copied.
    """
    return raw if is_json_generic(raw) else copy_json_generic(raw)


def copy_json_generic(raw: Any) -> Any:
    """A fresh JSON-generic copy of `raw`, or the first problem found in walk order.

    Dict entries and list items are visited in order, depth first; within an entry the key is
    checked before its value.
    """
    with gc_paused():
        return _copy(raw)


def _copy(raw: Any) -> Any:
    kind = type(raw)
    if kind is str or kind is int or kind is bool or kind is _NoneType:
        return raw
    if kind is float:
        if raw - raw != 0.0:
            raise not_finite(ROOT)
        return raw
    root: _Frame
    if isinstance(raw, dict):
        root = (iter(raw.items()), {}, True, id(raw), "")
    elif isinstance(raw, (list, tuple)):
        root = (iter(raw), [], False, id(raw), "")
    else:
        return _plain_scalar(raw, ROOT)
    frames = [root]
    push = frames.append
    open_markers = {root[3]}
    while frames:
        items, out, is_dict, marker, _ = frames[-1]
        child: _Frame | None = None
        # The containers are opened here rather than in a helper: a 100,000-deep result opens
        # 100,000 of them, and a call each was a fifth of the walk.
        if is_dict:
            for key, value in items:
                if type(key) is not str:
                    if not isinstance(key, str):
                        raise key_not_string(_path(frames))
                    key = str.__str__(key)
                kind = type(value)
                if kind in _EXACT_SCALARS:
                    out[key] = value
                elif kind is float:
                    if value - value != 0.0:
                        raise not_finite(_path(frames, key))
                    out[key] = value
                elif kind is dict or (kind is not list and isinstance(value, dict)):
                    child = (iter(value.items()), {}, True, id(value), key)
                    out[key] = child[1]
                    break
                elif kind is list or isinstance(value, (list, tuple)):
                    child = (iter(value), [], False, id(value), key)
                    out[key] = child[1]
                    break
                else:
                    out[key] = _plain_scalar(value, _path(frames, key))
        else:
            for value in items:
                kind = type(value)
                if kind in _EXACT_SCALARS:
                    out.append(value)
                elif kind is float:
                    if value - value != 0.0:
                        raise not_finite(_path(frames, len(out)))
                    out.append(value)
                elif kind is list or (kind is not dict and isinstance(value, (list, tuple))):
                    child = (iter(value), [], False, id(value), len(out))
                    out.append(child[1])
                    break
                elif kind is dict or isinstance(value, dict):
                    child = (iter(value.items()), {}, True, id(value), len(out))
                    out.append(child[1])
                    break
                else:
                    out.append(_plain_scalar(value, _path(frames, len(out))))
        if child is None:
            frames.pop()
            open_markers.discard(marker)
            continue
        if child[3] in open_markers:
            raise cycle(_path(frames, child[4]))
        open_markers.add(child[3])
        push(child)
    return root[1]
