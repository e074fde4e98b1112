"""The review-team example on the Python reference: a scripted model on a ReAct parent delegates, in
one turn, to a reviewer (an internal ReAct sub-agent with a tool of its own, run in its own scope)
and to an external security checker over HTTP (a small service this example starts on 127.0.0.1),
then answers from both. It prints the conversation of each scope, the lines
`examples/review-team.ts` prints. Run it with `python3 examples/review-team.py`."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python-ref"))

from agentparity_ref.chat import ChatModelSetup, ScriptedConnection, ScriptedTurn, read_tool_call  # noqa: E402
from agentparity_ref.plan import ReActAgent  # noqa: E402
from agentparity_ref.resources import ResourceType  # noqa: E402
from agentparity_ref.runner import LocalRunner  # noqa: E402
from agentparity_ref.runtime import MemoryStore  # noqa: E402
from agentparity_ref.setups import HttpSubagentSetup, start_subagent_server  # noqa: E402
from agentparity_ref.tools import FunctionTool  # noqa: E402

DIFF = '+ const total = items.reduce(add, 0);\n+ test("sums", ...);'


def count_lines(diff: str) -> dict[str, int]:
    """The reviewer's own tool, which only the reviewer's model is offered."""
    return {"added": len([line for line in diff.split("\n") if line.startswith("+")])}


def check_security(prompt: Any, session: Any, key: Any) -> dict[str, Any]:
    diff = prompt["diff"]
    return {"risk": "high" if "eval(" in diff else "low", "checked_lines": len(diff.split("\n"))}


def _text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _print_conversation(scope: str, model: ScriptedConnection, answer: Any) -> None:
    last = model.requests[-1]
    print(f"== {scope} (offered: {', '.join(t['function']['name'] for t in last.tools)}) ==")
    for message in last.messages:
        if message.tool_calls:
            for call in (read_tool_call(c) for c in message.tool_calls):
                print(f"assistant -> {call.name}({_text(call.arguments)})")
        else:
            suffix = f" [{message.extra_args.get('tool_call_id')}]" if message.role == "tool" else ""
            print(f"{message.role}{suffix}: {message.content}")
    print(f"assistant: {_text(answer)}\n")


def main() -> None:
    security_service = start_subagent_server(check_security)
    reviewer_model = ScriptedConnection(
        [
            ScriptedTurn(tool_calls=[{"id": "r-1", "name": "count_lines", "arguments": {"diff": DIFF}}]),
            ScriptedTurn("LGTM: 2 lines added, and the change comes with a test."),
        ]
    )
    reviewer = ReActAgent(
        chat_model=ChatModelSetup(connection="reviewer_model", model="reviewer", tools=["count_lines"]),
        subagent_description="Reviews a diff for correctness and tests.",
        name="reviewer",
    )
    reviewer.add_resource("reviewer_model", ResourceType.CHAT_MODEL_CONNECTION, reviewer_model)
    reviewer.add_resource(
        "count_lines",
        ResourceType.TOOL,
        FunctionTool.from_callable(count_lines, description="Counts the lines a diff adds.", args_schema={"type": "object"}),
    )
    lead_model = ScriptedConnection(
        [
            ScriptedTurn(
                tool_calls=[
                    {"id": "call-1", "name": "_subagent_reviewer", "arguments": {"input": f"Review this diff:\n{DIFF}"}},
                    {"id": "call-2", "name": "_subagent_security", "arguments": {"diff": DIFF}},
                ]
            ),
            ScriptedTurn("Approved: the reviewer is happy and the security check found low risk."),
        ]
    )
    lead = ReActAgent(chat_model=ChatModelSetup(connection="lead_model", model="lead", subagents=["reviewer", "security"]), name="lead")
    lead.add_resource("lead_model", ResourceType.CHAT_MODEL_CONNECTION, lead_model)
    lead.add_resource("reviewer", ResourceType.AGENT, reviewer)
    lead.add_resource(
        "security",
        ResourceType.AGENT,
        HttpSubagentSetup(
            endpoint=security_service.url,
            description="Checks a diff for security risks.",
            input_schema='{"type": "object", "properties": {"diff": {"type": "string"}}, "required": ["diff"]}',
        ),
    )

    (run,) = asyncio.run(LocalRunner(lead, MemoryStore()).run(["Should we merge PR 7?"]))
    security_service.close()
    _print_conversation("lead", lead_model, run.outputs[0] if run.outputs else None)
    reviewer_call = next((c for c in run.calls if c.scope == "reviewer"), None)
    _print_conversation("reviewer", reviewer_model, reviewer_call.outputs[0] if reviewer_call and reviewer_call.outputs else None)
    if run.error is not None:
        raise run.error


if __name__ == "__main__":
    main()
