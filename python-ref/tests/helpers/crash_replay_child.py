"""A child run for the crash-and-replay test: an agent whose model delegates to an HTTP sub-agent.

Usage: crash_replay_child.py STORE ENDPOINT [--crash | --crash-unrecorded] [--repeat]. With --crash,
the process prints RECORDED and hangs as soon as the sub-agent's result is recorded; with
--crash-unrecorded it prints ANSWERED and hangs once the endpoint has answered but before the result
is recorded (the window an idempotency key covers); the parent kills it there. --repeat gives the
setup the `repeat` policy instead of `fail-closed`.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from agentparity_ref.chat import ChatMessage, ChatModelSetup, tool_call  # noqa: E402
from agentparity_ref.plan import Agent  # noqa: E402
from agentparity_ref.resources import ResourceType  # noqa: E402
from agentparity_ref.runtime import (  # noqa: E402
    ASK_CHAT_MODEL,
    CHAT_RESPONSE_EVENT,
    INPUT_EVENT,
    REPLY_WITH_CHAT_RESPONSE,
    DurableRecord,
    SqliteStore,
)
from agentparity_ref.runner import LocalRunner  # noqa: E402
from agentparity_ref.setups import HttpSubagentSetup  # noqa: E402


class ConversationModel:
    """Answers from the conversation, not from a turn counter, as a real model would: so a replayed
    run that skips recorded turns still gets the answer the conversation calls for."""

    async def chat(self, model: str, messages: list[ChatMessage], tools: list[Any]) -> ChatMessage:
        last = messages[-1]
        if last.role == "user":
            return ChatMessage("assistant", "", [tool_call("c1", "_subagent_researcher", {"question": last.content})])
        return ChatMessage("assistant", f"Research says: {last.content}")


def _hang(line: str) -> None:
    print(line, flush=True)
    time.sleep(3600)


class CrashAfterRecord(SqliteStore):
    def put(self, key: str, record: DurableRecord) -> None:
        super().put(key, record)
        if record.name == "http_subagent":
            _hang("RECORDED")


class CrashBeforeRecord(SqliteStore):
    def put(self, key: str, record: DurableRecord) -> None:
        if record.name == "http_subagent":
            _hang("ANSWERED")
        super().put(key, record)


def main() -> None:
    store_path, endpoint = sys.argv[1], sys.argv[2]
    store: SqliteStore = (
        CrashAfterRecord(store_path)
        if "--crash" in sys.argv
        else CrashBeforeRecord(store_path)
        if "--crash-unrecorded" in sys.argv
        else SqliteStore(store_path)
    )
    unknown_outcome = "repeat" if "--repeat" in sys.argv else "fail-closed"
    agent = (
        Agent()
        .add_resource("model", ResourceType.CHAT_MODEL_CONNECTION, ConversationModel())
        .add_resource("researcher", ResourceType.AGENT, HttpSubagentSetup(endpoint=endpoint, input_schema='{"type": "object"}', unknown_outcome=unknown_outcome))
        .add_resource("assistant", ResourceType.CHAT_MODEL, ChatModelSetup(connection="model", model="assistant", subagents=["researcher"]))
        .add_action("ask_chat_model", [INPUT_EVENT], ASK_CHAT_MODEL, {"chat_model": "assistant"})
        .add_action("reply_with_chat_response", [CHAT_RESPONSE_EVENT], REPLY_WITH_CHAT_RESPONSE)
    )
    runs = asyncio.run(LocalRunner(agent, store).run(["Why is the disk full?"], ["ticket-7"]))
    print(json.dumps({"outputs": runs[0].outputs, "error": None if runs[0].error is None else str(runs[0].error)}), flush=True)


if __name__ == "__main__":
    main()
