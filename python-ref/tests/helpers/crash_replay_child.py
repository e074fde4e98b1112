"""A child run for the crash-and-replay test: an agent whose model delegates to an HTTP sub-agent.

Usage: crash_replay_child.py STORE ENDPOINT [--crash]. With --crash, the process prints RECORDED
and hangs as soon as the sub-agent's result is recorded, for the parent to kill it there.
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
from agentparity_ref.runtime import Agent, DurableRecord, LocalRunner, SqliteStore, ask_chat_model, reply_with_chat_response  # noqa: E402
from agentparity_ref.subagent import HttpSubagentSetup  # noqa: E402


class ConversationModel:
    """Answers from the conversation, not from a turn counter, as a real model would: so a replayed
    run that skips recorded turns still gets the answer the conversation calls for."""

    async def chat(self, model: str, messages: list[ChatMessage], tools: list[Any]) -> ChatMessage:
        last = messages[-1]
        if last.role == "user":
            return ChatMessage("assistant", "", [tool_call("c1", "_subagent_researcher", {"question": last.content})])
        return ChatMessage("assistant", f"Research says: {last.content}")


class CrashAfterRecord(SqliteStore):
    def put(self, key: str, record: DurableRecord) -> None:
        super().put(key, record)
        if record.name == "http_subagent":
            print("RECORDED", flush=True)
            time.sleep(3600)


def main() -> None:
    store_path, endpoint = sys.argv[1], sys.argv[2]
    store = CrashAfterRecord(store_path) if "--crash" in sys.argv else SqliteStore(store_path)
    agent = Agent()
    agent.resources.add("model", "chat_model_connection", ConversationModel())
    agent.resources.add("researcher", "agent", HttpSubagentSetup(endpoint=endpoint, input_schema='{"type": "object"}'))
    agent.resources.add("assistant", "chat_model", ChatModelSetup(connection="model", model="assistant", subagents=["researcher"]))
    agent.add_action(ask_chat_model("assistant")).add_action(reply_with_chat_response())
    runs = asyncio.run(LocalRunner(agent, store).run(["Why is the disk full?"], ["ticket-7"]))
    print(json.dumps({"outputs": runs[0].outputs, "error": None if runs[0].error is None else str(runs[0].error)}), flush=True)


if __name__ == "__main__":
    main()
