"""Agent trees compiled in one language and run in the other (issue 14). Mirrors
test/helpers/crossPlan.ts, which declares the same trees: a tree's functions are named under
``crossplan....`` (Python) and ``crossplan/...`` (TypeScript); every runner is given both names in
its named functions, so that a plan of either language finds them. ``run_plan_text`` reports what
both languages compare: each input's outputs, error and calls (scope, ids, outputs, failure), and
the conversation of each scripted model by the plan pointer it was read at.

``python3 -m tests.helpers.cross_plan compile TREE`` (from python-ref) prints a tree's plan
compiled here; ``... run TREE`` reads plan text on stdin, runs it here and prints the summary."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import sys
from collections.abc import Callable, Iterable
from typing import Any

from agentparity_ref.chat import ChatModelSetup, ScriptedConnection, ScriptedTurn
from agentparity_ref.functions import PythonFunction, TypeScriptFunction
from agentparity_ref.ops.scripted.world import message_summary
from agentparity_ref.plan import Agent, ClassRegistry, ReActAgent, build_plan, read_plan, write_plan
from agentparity_ref.plan.chat_classes import CHAT_CLASSES
from agentparity_ref.plan.class_registry import ClassEntry
from agentparity_ref.plan.core_classes import CORE_CLASSES, UPSTREAM_CLASSES
from agentparity_ref.plan.mcp_classes import MCP_CLASSES
from agentparity_ref.plan.subagent_classes import SUBAGENT_CLASSES, UPSTREAM_SUBAGENT_CLASSES
from agentparity_ref.resources import ResourceType
from agentparity_ref.runner import LocalRunner, NamedFunctions
from agentparity_ref.runtime import INPUT_EVENT, MemoryStore, OutputEvent
from agentparity_ref.tools import FunctionTool, ToolMetadata

TREES = ("react", "ids")


def _shout(text: str) -> str:
    return f"{text.upper()}!"


def _result_of(result: Any) -> Any:
    return result.result if result.success else f"failed:{result.error_message}"


async def _call(event: Any, ctx: Any) -> None:
    # The parent calls `kid` twice; the kid relays to `grandkid`, which echoes.
    kid = ctx.get_resource("kid", ResourceType.AGENT)
    first = await kid.submit(ctx, event.input)
    second = await kid.submit(ctx, "again")
    ctx.send_event(OutputEvent([_result_of(first), _result_of(second)]))


async def _relay(event: Any, ctx: Any) -> None:
    result = await ctx.get_resource("grandkid", ResourceType.AGENT).submit(ctx, event.input)
    ctx.send_event(OutputEvent(["relayed", _result_of(result)]))


def _echo(event: Any, ctx: Any) -> None:
    ctx.send_event(OutputEvent(f"echo:{event.input}"))


IMPLEMENTATIONS: dict[str, Callable[..., Any]] = {"tools:shout": _shout, "actions:call": _call, "actions:relay": _relay, "actions:echo": _echo}


def _py(name: str, implementation: Callable[..., Any] | None = None) -> PythonFunction:
    group, qualname = name.split(":")
    return PythonFunction(f"crossplan.{group}", qualname, implementation)


def named_functions(omit: Iterable[str] = ()) -> NamedFunctions:
    """Both names of every function of the trees, bound to this language's implementations (``omit``: names left out)."""
    entries = []
    for name, implementation in IMPLEMENTATIONS.items():
        if name in omit:
            continue
        group, qualname = name.split(":")
        entries += [(_py(name), implementation), (TypeScriptFunction(f"crossplan/{group}", qualname), implementation)]
    return NamedFunctions(entries)


SHOUT_SCHEMA = {"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]}


def _react_tree() -> Agent:
    reviewer = ReActAgent(chat_model=ChatModelSetup(connection="conn", model="child", tools=["shout"]))
    reviewer.add_resource(
        "conn",
        ResourceType.CHAT_MODEL_CONNECTION,
        ScriptedConnection([ScriptedTurn(tool_calls=[{"id": "t1", "name": "shout", "arguments": {"text": "hello world"}}]), ScriptedTurn("tool says: HELLO WORLD!")]),
    )
    reviewer.add_resource("shout", ResourceType.TOOL, FunctionTool("shout", _py("tools:shout", _shout), ToolMetadata("shout", "Shouts a text.", SHOUT_SCHEMA)))
    parent = ReActAgent(chat_model=ChatModelSetup(connection="conn", model="parent", subagents=["reviewer"]))
    parent.add_resource(
        "conn",
        ResourceType.CHAT_MODEL_CONNECTION,
        ScriptedConnection(
            [ScriptedTurn(tool_calls=[{"id": "c1", "name": "_subagent_reviewer", "arguments": {"input": "review the diff"}}]), ScriptedTurn("delegated and reviewed")]
        ),
    )
    return parent.add_resource("reviewer", ResourceType.AGENT, reviewer)


def _ids_tree() -> Agent:
    def fn(name: str) -> PythonFunction:
        return _py(f"actions:{name}", IMPLEMENTATIONS[f"actions:{name}"])

    grandkid = Agent("Grandkid").add_action("echo", [INPUT_EVENT], fn("echo"))
    kid = Agent("Kid").add_resource("grandkid", ResourceType.AGENT, grandkid).add_action("relay", [INPUT_EVENT], fn("relay"))
    return Agent("Root").add_resource("kid", ResourceType.AGENT, kid).add_action("call", [INPUT_EVENT], fn("call"))


def compile_tree(tree: str) -> str:
    """The plan text of a tree, compiled here."""
    return write_plan(build_plan(_react_tree() if tree == "react" else _ids_tree()))


INPUTS: dict[str, tuple[list[Any], list[str]]] = {"react": (["go"], ["k"]), "ids": (["7", "8"], ["k", "k"])}
"""The inputs each tree runs, and their keys."""


def _recording_registry(seen: dict[str, ScriptedConnection]) -> ClassRegistry:
    # The runtime's classes, the scripted connection noting each one it restores under its pointer.
    def noted(entry: ClassEntry) -> ClassEntry:
        restore = entry.restore
        if entry.cls is not ScriptedConnection or restore is None:
            return entry

        def recording(node: Any, registry: ClassRegistry) -> Any:
            seen[node.pointer] = made = restore(node, registry)
            return made

        return dataclasses.replace(entry, restore=recording)

    return ClassRegistry([*CORE_CLASSES, *(noted(e) for e in CHAT_CLASSES), *MCP_CLASSES, *SUBAGENT_CLASSES, *UPSTREAM_CLASSES, *UPSTREAM_SUBAGENT_CLASSES])


def run_plan_text(text: str, tree: str, functions: NamedFunctions | None = None) -> dict[str, Any]:
    """Reads plan text here and runs a tree's inputs through it, with the named functions given."""
    seen: dict[str, ScriptedConnection] = {}
    registry = _recording_registry(seen)
    runner = LocalRunner(read_plan(text, registry), MemoryStore(), registry=registry, functions=functions or named_functions())
    inputs, keys = INPUTS[tree]
    runs = asyncio.run(runner.run(inputs, keys))
    return {
        "runs": [
            {
                "outputs": run.outputs,
                "error": None if run.error is None else (run.error.args[0] if isinstance(run.error, KeyError) else str(run.error)),
                "calls": [{"scope": c.scope, "session_id": c.session_id, "call_id": c.call_id, "outputs": c.outputs, "error": c.error} for c in run.calls],
            }
            for run in runs
        ],
        "conversations": {pointer: [[message_summary(m) for m in r.messages] for r in seen[pointer].requests] for pointer in sorted(seen)},
    }


if __name__ == "__main__":
    command, tree = sys.argv[1:3]
    if tree not in TREES or command not in ("compile", "run"):
        sys.stderr.write("usage: cross_plan compile|run react|ids\n")
        sys.exit(2)
    print(compile_tree(tree) if command == "compile" else json.dumps(run_plan_text(sys.stdin.read(), tree)))
