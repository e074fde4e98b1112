"""The delegation example on the Python reference: a scripted model delegates to two sub-agents
(one external over HTTP, one in this process) and calls a tool in one turn, then answers from
their results. The agent is declared once: `build_plan(agent)` would compile the same declaration
into plan JSON. Run it with `python3 examples/delegation.py`."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python-ref"))

from agentparity_ref.chat import ChatModelSetup, ScriptedConnection, ScriptedTurn, read_tool_call  # noqa: E402
from agentparity_ref.plan import Agent  # noqa: E402
from agentparity_ref.resources import ResourceType  # noqa: E402
from agentparity_ref.runtime import (  # noqa: E402
    ASK_CHAT_MODEL,
    CHAT_RESPONSE_EVENT,
    INPUT_EVENT,
    REPLY_WITH_CHAT_RESPONSE,
    MemoryStore,
)
from agentparity_ref.runner import LocalRunner  # noqa: E402
from agentparity_ref.setups import FunctionSubagentSetup, HttpSubagentSetup, start_subagent_server  # noqa: E402
from agentparity_ref.tools import FunctionTool  # noqa: E402


def lookup_ticket(id: str) -> dict[str, str]:  # noqa: A002  (the argument the model sends)
    return {"id": id, "status": "open"}


def main() -> None:
    researcher_service = start_subagent_server(
        lambda prompt, session, key: {"facts": [f"{prompt['question']} -> disk 97% full", "no alert fired"]}
    )
    model = ScriptedConnection(
        [
            ScriptedTurn(
                tool_calls=[
                    {"id": "call-1", "name": "_subagent_researcher", "arguments": {"question": "Why does ticket T-1 fail?"}},
                    {"id": "call-2", "name": "_subagent_writer", "arguments": {"tone": "calm"}},
                    {"id": "call-3", "name": "lookup_ticket", "arguments": {"id": "T-1"}},
                ]
            ),
            ScriptedTurn("T-1 is open because the disk is 97% full; no alert fired. Reply sent in a calm tone."),
        ]
    )
    agent = (
        Agent("triage")
        .add_resource("scripted", ResourceType.CHAT_MODEL_CONNECTION, model)
        .add_resource(
            "researcher",
            ResourceType.AGENT,
            HttpSubagentSetup(
                endpoint=researcher_service.url,
                description="Finds the facts behind a question.",
                input_schema='{"type": "object", "properties": {"question": {"type": "string"}}, "required": ["question"]}',
            ),
        )
        .add_resource(
            "writer",
            ResourceType.AGENT,
            FunctionSubagentSetup(
                description="Writes the reply to the customer.",
                input_schema='{"type": "object", "properties": {"tone": {"type": "string"}}}',
                run=lambda prompt, session: f"Dear customer, we found the cause and are fixing it ({prompt['tone']}).",
            ),
        )
        .add_resource(
            "lookup_ticket",
            ResourceType.TOOL,
            FunctionTool.from_callable(lookup_ticket, description="Looks a ticket up.", args_schema={"type": "object"}),
        )
        .add_resource(
            "assistant",
            ResourceType.CHAT_MODEL,
            ChatModelSetup(connection="scripted", model="assistant", tools=["lookup_ticket"], subagents=["researcher", "writer"]),
        )
        .add_action("ask_chat_model", [INPUT_EVENT], ASK_CHAT_MODEL, {"chat_model": "assistant", "system_prompt": "You triage support tickets."})
        .add_action("reply_with_chat_response", [CHAT_RESPONSE_EVENT], REPLY_WITH_CHAT_RESPONSE)
    )

    (run,) = asyncio.run(LocalRunner(agent, MemoryStore(), tool_call_mode="batched").run(["Triage ticket T-1"]))
    researcher_service.close()
    last = model.requests[-1]
    print("callables offered: " + ", ".join(t["function"]["name"] for t in last.tools) + "\n")
    for message in last.messages:
        if message.tool_calls:
            for call in (read_tool_call(c) for c in message.tool_calls):
                print(f"assistant -> {call.name}({json.dumps(call.arguments, ensure_ascii=False)})")
        else:
            suffix = f" [{message.extra_args.get('tool_call_id')}]" if message.role == "tool" else ""
            print(f"{message.role}{suffix}: {message.content}")
    print(f"assistant: {run.outputs[0]}")
    if run.error is not None:
        raise run.error


if __name__ == "__main__":
    main()
