"""Op `run_internal`: an agent tree of scripted actions compiled into a plan (or a plan given as
JSON) and run in the local runner. Mirrors conformance/serve/ops/runInternal.ts."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from ..plan.agent import Agent
from ..plan.agent_plan import AgentConfiguration, AgentPlan
from ..functions.function_descriptor import PythonFunction, TypeScriptFunction
from ..plan.build_plan import build_plan
from ..plan.default_registry import DEFAULT_REGISTRY
from ..plan.read_plan import read_plan
from ..plan.write_plan import write_plan
from ..resources.prompt import Prompt
from ..resources.resource_type import ResourceType
from ..runner.local_runner import InputRun, LocalRunner
from ..runner.named_functions import NamedFunctions
from ..runtime.events import INPUT_EVENT
from ..runtime.internal_subagent_call_event import InternalSubagentCallEvent
from . import Case, Result
from .internal.react_agent_spec import declared_agent
from .internal.scripted_action import ScriptWorld, check_script, scripted_action, set_world
from .internal.snapshot_store import SnapshotStore
from .scripted.world import error_result


def _build_agents(declaration: dict[str, Any]) -> Agent:
    """The agents a declaration describes (`agents: {name: {resources, actions}}`), and the root among them."""
    specs: dict[str, Any] = declaration.get("agents") or {}
    agents = {name: declared_agent(name, spec) for name, spec in specs.items()}
    for name, spec in specs.items():
        agent = agents[name]
        for resource, r in (spec.get("resources") or {}).items():
            if "agent" in r:
                if r["agent"] not in agents:
                    raise RuntimeError(f"declaration.agents.{name}.resources.{resource}: no agent {r['agent']} is declared")
                agent.add_resource(resource, ResourceType.AGENT, agents[r["agent"]])
            elif "prompt" in r:
                agent.add_resource(resource, ResourceType.PROMPT, Prompt.from_text(str(r["prompt"])))
            else:
                agent.add_resource(resource, ResourceType.AGENT, r.get("value"))
        for action, a in (spec.get("actions") or {}).items():
            script = a.get("do", [])
            check_script(script, f"declaration.agents.{name}.actions.{action}.do")
            agent.add_action(action, a.get("on", [INPUT_EVENT]), scripted_action, {"name": f"{name}.{action}", "script": script})
    root = declaration.get("root", next(iter(specs), None))
    if root not in agents:
        raise RuntimeError(f"declaration.root: no agent {root} is declared")
    return agents[root]


def _run_summary(run: InputRun) -> dict[str, Any]:
    summary: dict[str, Any] = {"outputs": run.outputs, "events": [e.type for e in run.trace]}
    if run.error is not None:
        summary["error"] = error_result(run.error)["error"]
    return summary


def _sorted_log(log: list[Any]) -> list[Any]:
    """Concurrent calls interleave their actions in any order: the log is sorted by each entry's compact JSON."""
    return sorted(log, key=lambda entry: json.dumps(entry, separators=(",", ":")))


def _envelope_attributes(envelope: InternalSubagentCallEvent) -> dict[str, Any]:
    """An envelope's attributes without a response's request id (which names an event of this process)."""
    attributes = envelope.attributes()
    attributes["delegateAttributes"] = {k: v for k, v in attributes["delegateAttributes"].items() if k != "request_id"}
    return attributes


def _pass(world: ScriptWorld, runs: list[InputRun]) -> dict[str, Any]:
    return {
        "runs": [_run_summary(run) for run in runs],
        "calls": [
            {
                "scope": call.scope,
                "session_id": call.session_id,
                "call_id": call.call_id,
                "trace": [_envelope_attributes(envelope) for envelope in call.trace],
                "outputs": call.outputs,
                "error": call.error,
                "cancelled": call.cancelled,
            }
            for run in runs
            # Concurrent calls complete in any order: listed by their ids, the same in every language.
            for call in sorted(run.calls, key=lambda c: (c.session_id, c.call_id))
        ],
        "log": _sorted_log(world.log),
        "peak": world.peak,
    }


async def _first_pass(plan: AgentPlan, store: SnapshotStore, inputs: list[Any], keys: list[str] | None) -> tuple[ScriptWorld, list[InputRun] | None, tuple[SnapshotStore, list[Any]] | None]:
    world = ScriptWorld()
    crashed: list[tuple[SnapshotStore, list[Any]]] = []
    killed = asyncio.get_running_loop().create_future()

    def crash() -> None:
        crashed.append((store.copy(), _sorted_log(world.log)))
        killed.set_result(None)

    world.crash = crash
    set_world(world)
    task = asyncio.ensure_future(LocalRunner(plan, store, functions=_SCRIPTED_ACTION_NAMES).run(inputs, keys))
    await asyncio.wait({task, killed}, return_when=asyncio.FIRST_COMPLETED)
    if not crashed:
        return world, task.result(), None
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    return world, None, crashed[0]


async def _replay(plan: AgentPlan, store: SnapshotStore, inputs: list[Any], keys: list[str] | None) -> tuple[ScriptWorld, list[InputRun]]:
    world = ScriptWorld()
    set_world(world)
    return world, await LocalRunner(plan, store, functions=_SCRIPTED_ACTION_NAMES).run(inputs, keys)


# A plan given as JSON names the scripted action as either language writes it: both names run this one.
_SCRIPTED_ACTION_NAMES = NamedFunctions(
    [
        (PythonFunction("agentparity_ref.ops.internal.scripted_action", "scripted_action"), scripted_action),
        (TypeScriptFunction("agentparity/conformance/internal", "scriptedAction"), scripted_action),
    ]
)


def run_internal(case: Case) -> Result:
    """Result `{plan, runs, calls, log, peak, replay?}`, or `{error}` when compiling refuses the tree
    (or reading refuses the plan a case gives).
    When a `crash` step is reached, the run stops there as if killed, and a second runner replays
    it on what the store held at that moment (`replay`)."""
    return asyncio.run(run_internal_async(case))


async def run_internal_async(case: Case) -> Result:
    """`run_internal` in the running event loop, beside other cases."""
    declaration = case.get("declaration") or {}
    # The plan a case gives (`plan`, a plan JSON value in any upstream layout), else its agent tree compiled.
    given = declaration.get("plan")
    root = _build_agents(declaration) if given is None else None
    try:
        plan = read_plan(given, DEFAULT_REGISTRY) if root is None else build_plan(root, config=AgentConfiguration(declaration.get("config") or {}))
    except (ValueError, TypeError, KeyError) as error:
        return error_result(error)
    source = case.get("input") or {}
    inputs = list(source.get("inputs", [None]))
    keys = source.get("keys")
    world, runs, crashed = await _first_pass(plan, SnapshotStore(), inputs, keys)
    result: dict[str, Any] = {"plan": write_plan(plan)}
    if runs is not None:
        result.update(_pass(world, runs))
    if crashed is not None:
        again, replayed = await _replay(plan, crashed[0], inputs, keys)
        result["replay"] = {"log_before": crashed[1], **_pass(again, replayed)}
    return result
