"""The vocabulary of scripted actions (fixtures/internal/README.md). Mirrors
conformance/areas/internal/scriptedAction.ts: a step kind is added in both, under the same name."""

from __future__ import annotations

import asyncio
import contextvars
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from ...errors import builtin_kind
from ...resources.resource_type import ResourceType
from ...runtime.events import Event, GenericEvent, InputEvent, OutputEvent
from ...runtime.memory.memory_object import MemoryObject
from ...subagent.subagent_futures import SubagentFutures
from ...subagent.subagent_result import SubagentResult
from ..scripted.behaviour import Raise


@dataclass
class ScriptWorld:
    """What the scripted actions of one case share: the log they write, how many of them are
    working at once, and whether a `crash` step stops the run (the first pass of a durable case)
    or does nothing (the replay)."""

    log: list[Any] = field(default_factory=list)
    running: int = 0
    peak: int = 0
    crash: Callable[[], None] | None = None


_WORLD: contextvars.ContextVar[ScriptWorld] = contextvars.ContextVar("script_world")


def set_world(world: ScriptWorld) -> contextvars.Token[ScriptWorld]:
    """Makes `world` the world of every scripted action started from this context (asyncio tasks copy it)."""
    return _WORLD.set(world)


def _world() -> ScriptWorld:
    world = _WORLD.get(None)
    if world is None:
        raise RuntimeError("a scripted action ran outside a run_internal case")
    return world


@dataclass
class _Scope:
    """What an action is working with: the value that triggered it and the results of its calls."""

    input: Any
    results: list[Any] = field(default_factory=list)
    pending: list[Any] = field(default_factory=list)


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), allow_nan=False)


def _fill(value: Any, scope: _Scope) -> Any:
    """`"{input}"` and `"{results}"` stand for the values themselves; `{input}` inside a longer string for its text."""
    if value == "{input}":
        return scope.input
    if value == "{results}":
        return list(scope.results)
    if isinstance(value, str):
        return value.replace("{input}", scope.input if isinstance(scope.input, str) else _compact(scope.input)) if "{input}" in value else value
    if isinstance(value, list):
        return [_fill(v, scope) for v in value]
    if isinstance(value, dict):
        return {k: _fill(v, scope) for k, v in value.items()}
    return value


def _input_of(event: Event) -> Any:
    return event.input if isinstance(event, InputEvent) else event.attributes().get("input")


def _result_value(result: SubagentResult) -> Any:
    return result.result if result.success else f"failed:{result.error_message or ''}"


def _memory_of(ctx: Any, spec: dict[str, Any]) -> MemoryObject:
    return ctx.sensory_memory if spec.get("memory") == "sensory" else ctx.short_term_memory


def _seen(memory: MemoryObject, path: str) -> Any:
    if not memory.is_exist(path):
        return "<missing>"
    value = memory.get(path)
    if isinstance(value, MemoryObject):
        return {"fields": value.get_field_names()}
    return value


def _submit(ctx: Any, spec: dict[str, Any], scope: _Scope) -> Any:
    return ctx.get_resource(str(spec["agent"]), ResourceType.AGENT).submit(ctx, _fill(spec.get("prompt", "{input}"), scope))


def _look_up(ctx: Any, spec: dict[str, Any]) -> Any:
    try:
        return ctx.get_resource(str(spec["name"]), ResourceType(spec.get("type", "prompt"))).text
    except (KeyError, ValueError, TypeError) as error:
        message = error.args[0] if isinstance(error, KeyError) and error.args else str(error)
        return f"{builtin_kind(error)}: {message}"


def _output(ctx: Any, value: Any, scope: _Scope, where: str) -> None:
    ctx.send_event(OutputEvent(_fill(value, scope)))


def _emit(ctx: Any, spec: Any, scope: _Scope, where: str) -> None:
    ctx.send_event(GenericEvent(str(spec["type"]), _fill(spec.get("attributes", {}), scope)))


def _raise(ctx: Any, spec: Any, scope: _Scope, where: str) -> None:
    raise Raise("call", str(spec["kind"]), str(spec["message"])).error()


def _write(ctx: Any, spec: Any, scope: _Scope, where: str) -> None:
    _memory_of(ctx, spec).set(str(spec["path"]), _fill(spec.get("value"), scope))


def _read(ctx: Any, spec: Any, scope: _Scope, where: str) -> None:
    memory = spec.get("memory", "short_term")
    _world().log.append(["read", where, f"{memory}.{spec['path']}", _seen(_memory_of(ctx, spec), str(spec["path"]))])


def _resource(ctx: Any, spec: Any, scope: _Scope, where: str) -> None:
    _world().log.append(["resource", where, str(spec["name"]), _look_up(ctx, spec)])


async def _call(ctx: Any, spec: Any, scope: _Scope, where: str) -> None:
    scope.results.append(_result_value(await _submit(ctx, spec, scope)))


def _submit_step(ctx: Any, spec: Any, scope: _Scope, where: str) -> None:
    scope.pending.append(_submit(ctx, spec, scope))


async def _batch(ctx: Any, calls: Any, scope: _Scope, where: str) -> None:
    handles = [_submit(ctx, call, scope) for call in calls]
    scope.results.extend(_result_value(r) for r in await SubagentFutures(*handles))


async def _resolve(ctx: Any, how: Any, scope: _Scope, where: str) -> None:
    handles, scope.pending = scope.pending, []
    # `repeat`: the first handle twice in one group, which the group check refuses.
    group = [handles[0], *handles] if how == "repeat" and handles else handles
    scope.results.extend(_result_value(r) for r in await SubagentFutures(*group))


async def _work_ms(ctx: Any, ms: Any, scope: _Scope, where: str) -> None:
    world = _world()
    world.running += 1
    world.peak = max(world.peak, world.running)
    await asyncio.sleep(float(_fill(ms, scope)) / 1000)
    world.running -= 1


async def _hang(ctx: Any, argument: Any, scope: _Scope, where: str) -> None:
    # Waits on something that never resolves: only a cancellation (a call timeout) ends it.
    await asyncio.get_running_loop().create_future()


async def _crash(ctx: Any, argument: Any, scope: _Scope, where: str) -> None:
    crash = _world().crash
    if crash is None:
        return
    crash()
    await asyncio.get_running_loop().create_future()


Step = Callable[[Any, Any, _Scope, str], "Awaitable[None] | None"]

STEPS: dict[str, Step] = {
    "output": _output,
    "emit": _emit,
    "raise": _raise,
    "write": _write,
    "read": _read,
    "resource": _resource,
    "call": _call,
    "submit": _submit_step,
    "batch": _batch,
    "resolve": _resolve,
    "work_ms": _work_ms,
    "hang": _hang,
    "crash": _crash,
}


def check_script(tree: Any, where: str) -> None:
    """Checks a script before anything runs, so that a fixture's mistake is an errored case, not a divergence."""
    if not isinstance(tree, list):
        raise ValueError(f"{where} must be a list of steps")
    for index, step in enumerate(tree):
        if not (isinstance(step, dict) and len(step) == 1 and next(iter(step)) in STEPS):
            raise ValueError(f"{where}[{index}] must be a mapping with one of {', '.join(STEPS)}")


async def scripted_action(event: Event, ctx: Any) -> None:
    """The one function every scripted action runs; its action config holds `name` (agent.action) and `script`."""
    where = str(ctx.get_action_config_value("name"))
    _world().log.append(["run", where])
    scope = _Scope(_input_of(event))
    for step in ctx.get_action_config_value("script"):
        ((kind, argument),) = step.items()
        done = STEPS[kind](ctx, argument, scope, where)
        if done is not None:
            await done
