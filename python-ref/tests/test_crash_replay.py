"""A run killed with SIGKILL right after a sub-agent call was recorded, restarted on the same store,
calls the sub-agent once in all and gives the output an uninterrupted run gives; one killed between
the endpoint's answer and its record never has the call executed twice, under either policy."""

import asyncio
import json
import re
import signal
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from agentparity_ref.plan import Agent
from agentparity_ref.runner import LocalRunner
from agentparity_ref.runtime import StoreClaimedError
from agentparity_ref.setups import SubagentServer, start_subagent_server

CHILD = Path(__file__).resolve().parent / "helpers" / "crash_replay_child.py"


def _run(store: Path, endpoint: str, *flags: str) -> dict:
    done = subprocess.run([sys.executable, str(CHILD), str(store), endpoint, *flags], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_killed_run_replays_the_recorded_delegation(tmp_path: Path) -> None:
    server = start_subagent_server(lambda prompt, session, key: {"finding": f"{prompt['question']} ({session})"})
    try:
        reference = _run(tmp_path / "reference.sqlite", server.url)
        assert reference["error"] is None and len(server.calls) == 1

        store = tmp_path / "crashed.sqlite"
        child = subprocess.Popen([sys.executable, str(CHILD), str(store), server.url, "--crash"], stdout=subprocess.PIPE, text=True)
        try:
            assert child.stdout is not None
            assert child.stdout.readline().strip() == "RECORDED"
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait(timeout=30)
        assert child.returncode == -signal.SIGKILL
        assert len(server.calls) == 2

        resumed = _run(store, server.url)
        assert len(server.calls) == 2, "the restarted run called the sub-agent again"
        assert resumed == reference
        assert resumed["outputs"] == ['Research says: {"finding":"Why is the disk full? (ticket-7.session-1)"}']
    finally:
        server.close()


KEY = "ticket-7.session-1#ticket-7.session-1"
REFERENCE_OUTPUT = ['Research says: {"finding":"Why is the disk full? (ticket-7.session-1)"}']


def _counting_server(status: bool) -> tuple[SubagentServer, Counter[str | None]]:
    """A sub-agent that counts its executions by idempotency key, as the test sees them."""
    executions: Counter[str | None] = Counter()

    def handle(prompt: dict, session: str, key: str | None) -> object:
        executions[key] += 1
        return {"finding": f"{prompt['question']} ({session})"}

    return start_subagent_server(handle, status=status), executions


def _crash_unrecorded(store: Path, endpoint: str, *flags: str, while_hung: Callable[[int], None] = lambda pid: None) -> None:
    child = subprocess.Popen([sys.executable, str(CHILD), str(store), endpoint, "--crash-unrecorded", *flags], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ANSWERED"
        while_hung(child.pid)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL


def test_a_restart_learns_the_outcome_from_the_status_url_and_a_second_process_is_refused_the_store(tmp_path: Path) -> None:
    server, executions = _counting_server(status=True)
    try:
        store = tmp_path / "probed.sqlite"

        def refused(pid: int) -> None:
            with pytest.raises(StoreClaimedError, match=rf"^Durable store {re.escape(str(store))} is claimed by another run \(pid {pid}, claimed at [^)]+\); it is free again when that run ends$"):
                asyncio.run(LocalRunner(Agent(), str(store)).run(["x"]))

        _crash_unrecorded(store, server.url, while_hung=refused)
        assert _run(store, server.url) == {"outputs": REFERENCE_OUTPUT, "error": None}
        assert executions == Counter({KEY: 1})
        assert [c["invocation_id"] for c in server.calls] == [KEY]
    finally:
        server.close()


def test_without_a_status_the_delegation_fails_closed_and_is_never_posted_again(tmp_path: Path) -> None:
    server, executions = _counting_server(status=False)
    try:
        store = tmp_path / "fail-closed.sqlite"
        _crash_unrecorded(store, server.url)
        resumed = _run(store, server.url)
        assert resumed["error"] is None and len(resumed["outputs"]) == 1
        assert f"Sub-agent call {KEY} has an unknown outcome after a restart" in resumed["outputs"][0]
        assert executions == Counter({KEY: 1}) and len(server.calls) == 1
    finally:
        server.close()


def test_under_repeat_the_call_is_posted_again_under_its_key_and_not_executed_twice(tmp_path: Path) -> None:
    server, executions = _counting_server(status=False)
    try:
        store = tmp_path / "repeat.sqlite"
        _crash_unrecorded(store, server.url, "--repeat")
        assert _run(store, server.url, "--repeat") == {"outputs": REFERENCE_OUTPUT, "error": None}
        assert [c["invocation_id"] for c in server.calls] == [KEY, KEY]
        assert executions == Counter({KEY: 1})
    finally:
        server.close()
