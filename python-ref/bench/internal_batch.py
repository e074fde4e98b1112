"""Benchmark: one action's batch of 1,000 internal sub-agent calls (each child waits 2 ms) at
`subagent.parallelism` 16 against the same batch at parallelism 1 (serial). Prints one JSON
object of figures. Mirrors bench/internalBatch.ts."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agentparity_ref.plan import Agent, AgentConfiguration, build_plan  # noqa: E402
from agentparity_ref.resources import ResourceType  # noqa: E402
from agentparity_ref.runner import LocalRunner  # noqa: E402
from agentparity_ref.runtime import INPUT_EVENT, MemoryStore, OutputEvent  # noqa: E402
from agentparity_ref.subagent import SubagentFutures  # noqa: E402

CALLS = 1000
WAIT_MS = 2
PARALLELISM = 16


def _parent() -> Agent:
    # A child that waits, then outputs its input; a parent that submits CALLS calls as one batch.
    async def work(event: Any, ctx: Any) -> None:
        await asyncio.sleep(WAIT_MS / 1000)
        ctx.send_event(OutputEvent(event.input))

    async def fan(event: Any, ctx: Any) -> None:
        setup = ctx.get_resource("worker", ResourceType.AGENT)
        results = await SubagentFutures(*(setup.submit(ctx, i) for i in range(CALLS)))
        ctx.send_event(OutputEvent(sum(1 for r in results if r.success)))

    child = Agent("Worker").add_action("work", [INPUT_EVENT], work)
    return Agent("Fan").add_resource("worker", ResourceType.AGENT, child).add_action("fan", [INPUT_EVENT], fan)


def _wall_ms(parallelism: int) -> float:
    runner = LocalRunner(build_plan(_parent(), config=AgentConfiguration({"subagent.parallelism": parallelism})), MemoryStore())
    started = time.perf_counter()
    [run] = asyncio.run(runner.run([0]))
    elapsed = (time.perf_counter() - started) * 1000
    assert run.outputs == [CALLS], run.error
    return elapsed


def main() -> None:
    parallel = _wall_ms(PARALLELISM)
    serial = _wall_ms(1)
    figures = {
        "calls": CALLS,
        "wait_ms": WAIT_MS,
        "parallelism": PARALLELISM,
        "parallel_ms": round(parallel, 1),
        "serial_ms": round(serial, 1),
        "serial_over_parallel": round(serial / parallel, 2),
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
