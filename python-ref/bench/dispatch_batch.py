"""Benchmark: a batched dispatch of 8 sub-agents that each wait 200 ms, against the slowest single
call, and the same dispatch in serial mode for contrast. Prints one JSON object of figures."""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agentparity_ref.actions import process_tool_request  # noqa: E402
from agentparity_ref.ops.scripted.world import build_world  # noqa: E402
from agentparity_ref.plan import DEFAULT_REGISTRY  # noqa: E402
from agentparity_ref.runner import AgentResources  # noqa: E402
from agentparity_ref.runtime import ActionContext, MemoryStore, SessionIds, ToolRequestEvent  # noqa: E402

AGENTS = 8
WAIT_MS = 200
REPEATS = 3


def _declaration() -> dict[str, Any]:
    behaviour = {"returns": "done", "wait_ms": WAIT_MS}
    return {"subagents": [{"name": f"a{i}", "input_schema": '{"type":"object"}', "behaviour": behaviour} for i in range(AGENTS)]}


def _wall_ms(calls: int, mode: str) -> float:
    _, agent = build_world(_declaration())
    sent: list[Any] = []
    ctx = ActionContext(AgentResources.of_agent(agent, DEFAULT_REGISTRY), MemoryStore(), "bench/0", SessionIds("bench"), sent.append)
    request = ToolRequestEvent("bench", [{"id": f"c{i}", "name": f"_subagent_a{i}", "arguments": {}} for i in range(calls)])
    started = time.perf_counter()
    asyncio.run(process_tool_request(request, ctx, mode))  # type: ignore[arg-type]
    elapsed = (time.perf_counter() - started) * 1000
    assert len(sent) == 1 and all(sent[0].success.values())
    return elapsed


def main() -> None:
    single = statistics.median(_wall_ms(1, "serial") for _ in range(REPEATS))
    batched = statistics.median(_wall_ms(AGENTS, "batched") for _ in range(REPEATS))
    serial = statistics.median(_wall_ms(AGENTS, "serial") for _ in range(REPEATS))
    figures = {
        "subagents": AGENTS,
        "wait_ms": WAIT_MS,
        "repeats": REPEATS,
        "slowest_single_ms": round(single, 1),
        "batched_ms": round(batched, 1),
        "serial_ms": round(serial, 1),
        "batched_over_single": round(batched / single, 3),
        "serial_over_single": round(serial / single, 3),
        "target_batched_over_single": 1.5,
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
