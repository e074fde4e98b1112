"""A child run for the internal sub-agent SIGKILL test: a parent calls a child whose second action
calls a grandchild. Mirrors test/helpers/internalCrashChild.ts.

Usage: internal_crash_child.py STORE LOG [--crash]. Every invocation of a child or grandchild action
appends its name to LOG. With --crash, the process prints GRANDCHILD_DONE and hangs once the
grandchild's result is back in the child (recorded), before the child finishes; the parent kills it
there.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from agentparity_ref.plan import Agent  # noqa: E402
from agentparity_ref.resources import ResourceType  # noqa: E402
from agentparity_ref.runner import LocalRunner  # noqa: E402
from agentparity_ref.runtime import INPUT_EVENT, GenericEvent, OutputEvent, SqliteStore  # noqa: E402

STORE, LOG = sys.argv[1], sys.argv[2]
CRASH = "--crash" in sys.argv


def _logged(name: str) -> None:
    with open(LOG, "a", encoding="utf-8") as log:
        log.write(f"{name}\n")


async def _call(ctx: Any, name: str, prompt: Any) -> Any:
    return (await ctx.get_resource(name, ResourceType.AGENT).submit(ctx, prompt)).result


def leaf(event: Any, ctx: Any) -> None:
    _logged("grandchild")
    ctx.send_event(OutputEvent(f"leaf:{event.input}"))


def first(event: Any, ctx: Any) -> None:
    _logged("child.first")
    ctx.send_event(OutputEvent(f"first:{event.input}"))
    ctx.send_event(GenericEvent("_relay", {"text": event.input}))


async def relay(event: Any, ctx: Any) -> None:
    _logged("child.relay")
    result = await _call(ctx, "grand", event.attributes()["text"])
    if CRASH:
        print("GRANDCHILD_DONE", flush=True)
        time.sleep(3600)
    ctx.send_event(OutputEvent(f"relayed:{result[0]}"))


async def call(event: Any, ctx: Any) -> None:
    ctx.send_event(OutputEvent(await _call(ctx, "child", event.input)))


def main() -> None:
    grandchild = Agent("Leaf").add_action("leaf", [INPUT_EVENT], leaf)
    child = Agent("Middle").add_resource("grand", ResourceType.AGENT, grandchild)
    child.add_action("first", [INPUT_EVENT], first).add_action("relay", ["_relay"], relay)
    parent = Agent("Top").add_resource("child", ResourceType.AGENT, child).add_action("call", [INPUT_EVENT], call)
    runner = LocalRunner(parent, SqliteStore(STORE))
    [run] = asyncio.run(runner.run(["task"], ["k"]))
    runner.close()
    print(json.dumps({"outputs": run.outputs, "error": None if run.error is None else str(run.error)}))


if __name__ == "__main__":
    main()
