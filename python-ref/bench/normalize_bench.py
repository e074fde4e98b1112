"""Figures of the Python reference's normalization, printed as one JSON object for `npm run bench`.

`tree`: normalize-and-render of a 1,000,000-node tree against `json.dumps` of the same tree, the
fastest of several interleaved rounds of each (the machine is shared, so ratios are taken within
one run). `deep`: normalizing, then rendering, a 1,000,000-deep chain.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from typing import Any

from agentparity_ref.actions import normalize_and_render, normalize_result, to_chat_message_content

NODES = 1_000_000


def tree(nodes: int = NODES) -> list[Any]:
    """Records of 14 nodes each (dicts, lists, ints, floats, bools, null, ASCII and non-ASCII text)."""
    out: list[Any] = []
    count = 1
    index = 0
    while count < nodes:
        out.append({
            "id": index,
            "name": f"item-{index}",
            "score": index * 0.25,
            "ok": index % 2 == 0,
            "tags": ["a", "b\u00e9"],
            "nested": {"x": None, "y": [1, 2, 3]},
        })
        count += 14
        index += 1
    return out


def _fastest(rounds: int, *runs: Callable[[], object]) -> list[float]:
    best = [float("inf")] * len(runs)
    for _ in range(rounds):
        for i, run in enumerate(runs):
            started = time.perf_counter()
            run()
            best[i] = min(best[i], time.perf_counter() - started)
    return best


def tree_figures() -> dict[str, Any]:
    value = tree()
    dumps, combined, composed = _fastest(
        11,
        lambda: json.dumps(value),
        lambda: normalize_and_render(value),
        lambda: to_chat_message_content(normalize_result(value)),
    )
    return {
        "nodes": NODES,
        "json_dumps_s": round(dumps, 4),
        "normalize_and_render_s": round(combined, 4),
        "ratio": round(combined / dumps, 2),
        "target_ratio": 3,
        "normalize_then_render_s": round(composed, 4),
    }


def deep_figures(depth: int = NODES) -> dict[str, Any]:
    started = time.perf_counter()
    value: Any = "leaf"
    for _ in range(depth):
        value = {"k": value}
    built = time.perf_counter() - started
    started = time.perf_counter()
    normalized = normalize_result(value)
    normalize_s = time.perf_counter() - started
    started = time.perf_counter()
    content = to_chat_message_content(normalized)
    render_s = time.perf_counter() - started
    return {
        "depth": depth,
        "build_s": round(built, 3),
        "normalize_s": round(normalize_s, 3),
        "render_s": round(render_s, 3),
        "content_chars": len(content),
        "render_per_normalize": round(render_s / normalize_s, 2),
    }


if __name__ == "__main__":
    figures = tree_figures() if sys.argv[1:] == ["tree"] else deep_figures()
    sys.stdout.write(json.dumps(figures) + "\n")
