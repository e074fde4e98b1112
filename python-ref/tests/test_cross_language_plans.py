"""Issue 14: each language runs a plan the other compiled. TypeScript compiles a tree and runs it
natively (from its sources, through tsx, so that no build is needed); this runtime runs the same
plan text; both summaries (outputs, ids, each scope's conversation) must be equal. Mirrors
test/src/runner/crossLanguagePlans.test.ts; the trees are in tests/helpers/cross_plan.py and
test/helpers/crossPlan.ts."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.cross_plan import compile_tree, named_functions, run_plan_text

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is needed to compile and run the TypeScript side")

CHILD_MODEL = "/resource_providers/agent/reviewer/serialized/child_plan/resource_providers/chat_model_connection/conn/serialized"
PARENT_MODEL = "/resource_providers/chat_model_connection/conn/serialized"


def typescript(command: str, tree: str, stdin: str | None = None) -> str:
    done = subprocess.run(
        [str(NODE), "--import", "tsx", "test/helpers/crossPlanCli.ts", command, tree],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return done.stdout


def tool_messages(summary: dict[str, Any], pointer: str) -> list[str]:
    return [m["content"] for request in summary["conversations"][pointer] for m in request if m["role"] == "tool"]


def test_a_react_parent_delegating_to_a_react_child_runs_as_natively_outputs_ids_and_conversations() -> None:
    plan = typescript("compile", "react")
    assert '"module": "agentparity/plan", "clazz": "InternalSubagentSetup", "serialized": {"child_plan": {' in plan
    assert '"func": {"func_type": "TypeScriptFunction", "module": "crossplan/tools", "qualname": "shout"}' in plan
    native = json.loads(typescript("run", "react", plan))
    here = run_plan_text(plan, "react")
    assert here == native
    assert [(r["outputs"], r["error"]) for r in here["runs"]] == [(["delegated and reviewed"], None)]
    assert [(c["scope"], c["outputs"], c["error"]) for c in here["runs"][0]["calls"]] == [("reviewer", ["tool says: HELLO WORLD!"], None)]
    assert tool_messages(here, CHILD_MODEL) == ["HELLO WORLD!"]
    assert tool_messages(here, PARENT_MODEL) == ['["tool says: HELLO WORLD!"]']
    assert here["conversations"][CHILD_MODEL][0] == [{"role": "user", "content": "review the diff"}]


def test_a_child_and_a_grandchild_get_the_session_and_call_ids_of_the_native_run_and_of_the_tree_compiled_here() -> None:
    plan = typescript("compile", "ids")
    native = json.loads(typescript("run", "ids", plan))
    here = run_plan_text(plan, "ids")
    assert here == native
    assert run_plan_text(compile_tree("ids"), "ids") == here
    first = here["runs"][0]
    assert first["outputs"] == [[[["relayed", ["echo:7"]]], [["relayed", ["echo:again"]]]]]
    assert [c["scope"] for c in first["calls"]] == ["grandkid", "kid", "grandkid", "kid"]
    # §3.5: sessions <digest>-<n> from 0 per action task and setup, calls <session>-<k> from 1.
    kid1, kid2 = first["calls"][1], first["calls"][3]
    assert kid1["session_id"][:-2] == kid2["session_id"][:-2]
    assert [kid1["session_id"][-2:], kid2["session_id"][-2:]] == ["-0", "-1"]
    assert all(c["call_id"] == f"{c['session_id']}-1" for c in first["calls"])
    # The key's second input (sequence number 1) gives every call a session of its own.
    assert len({c["session_id"] for r in here["runs"] for c in r["calls"]}) == 8


def test_a_function_in_neither_registry_fails_where_it_is_used_naming_the_plan_path_and_the_function_and_the_run_goes_on() -> None:
    react = run_plan_text(typescript("compile", "react"), "react", named_functions(["tools:shout"]))
    assert tool_messages(react, CHILD_MODEL) == [
        "Tool `shout` execute failed: Tool shout in /resource_providers/agent/reviewer/serialized/child_plan runs crossplan/tools:shout, "
        "which has no implementation in this process."
    ]
    assert react["runs"][0]["outputs"] == ["delegated and reviewed"]
    ids_plan = typescript("compile", "ids")
    ids = run_plan_text(ids_plan, "ids", named_functions(["actions:relay"]))
    message = "NotImplementedError: Action relay in /resource_providers/agent/kid/serialized/child_plan runs crossplan/actions:relay, which has no implementation in this process."
    assert [(c["scope"], c["error"]) for c in ids["runs"][0]["calls"]] == [("kid", message), ("kid", message)]
    root = run_plan_text(ids_plan, "ids", named_functions(["actions:call"]))
    assert root["runs"][0]["error"] == "Action call runs crossplan/actions:call, which has no implementation in this process."
