"""A run killed with SIGKILL right after a sub-agent call was recorded, restarted on the same store,
calls the sub-agent once in all and gives the output an uninterrupted run gives."""

import json
import signal
import subprocess
import sys
from pathlib import Path

from agentparity_ref.setups import start_subagent_server

CHILD = Path(__file__).resolve().parent / "helpers" / "crash_replay_child.py"


def _run(store: Path, endpoint: str) -> dict:
    done = subprocess.run([sys.executable, str(CHILD), str(store), endpoint], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_killed_run_replays_the_recorded_delegation(tmp_path: Path) -> None:
    server = start_subagent_server(lambda prompt, session: {"finding": f"{prompt['question']} ({session})"})
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
