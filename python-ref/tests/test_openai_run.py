"""A run over the OpenAI-compatible connection, against a chat-completions stub on 127.0.0.1."""

import asyncio
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from agentparity_ref.chat import ChatModelSetup, OpenAiConnection
from agentparity_ref.plan import Agent
from agentparity_ref.resources import ResourceType
from agentparity_ref.runtime import (
    ASK_CHAT_MODEL,
    CHAT_RESPONSE_EVENT,
    INPUT_EVENT,
    REPLY_WITH_CHAT_RESPONSE,
    MemoryStore,
)
from agentparity_ref.runner import LocalRunner
from agentparity_ref.setups import FunctionSubagentSetup


def test_delegates_through_a_real_http_chat_endpoint_and_answers_from_the_result() -> None:
    requests: list[dict[str, Any]] = []

    class Model(BaseHTTPRequestHandler):
        # Delegates when the user spoke last, answers from the tool message otherwise.
        def do_POST(self) -> None:  # noqa: N802 - the stdlib's name
            request = json.loads(self.rfile.read(int(self.headers["content-length"])))
            requests.append(request)
            last = request["messages"][-1]
            if last["role"] == "user":
                call = {"id": "call_1", "type": "function", "function": {"name": "_subagent_helper", "arguments": json.dumps({"topic": last["content"]})}}
                message: dict[str, Any] = {"role": "assistant", "content": None, "tool_calls": [call]}
            else:
                message = {"role": "assistant", "content": f"helper said {last['content']}"}
            payload = json.dumps({"choices": [{"index": 0, "message": message, "finish_reason": "stop"}]}).encode()
            self.send_response(200)
            self.send_header("content-length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Model)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        helper = FunctionSubagentSetup(
            description="Helps.",
            input_schema='{"type": "object", "properties": {"topic": {"type": "string"}}}',
            run=lambda prompt, session: {"about": prompt.get("topic")},
        )
        agent = (
            Agent()
            .add_resource("openai", ResourceType.CHAT_MODEL_CONNECTION, OpenAiConnection(f"http://127.0.0.1:{server.server_address[1]}/v1", "sk-local"))
            .add_resource("helper", ResourceType.AGENT, helper)
            .add_resource("assistant", ResourceType.CHAT_MODEL, ChatModelSetup(connection="openai", model="gpt-local", subagents=["helper"]))
            .add_action("ask_chat_model", [INPUT_EVENT], ASK_CHAT_MODEL, {"chat_model": "assistant"})
            .add_action("reply_with_chat_response", [CHAT_RESPONSE_EVENT], REPLY_WITH_CHAT_RESPONSE)
        )
        (run,) = asyncio.run(LocalRunner(agent, MemoryStore()).run(["tides"]))
        assert run.error is None
        assert run.outputs == ['helper said {"about":"tides"}']
        assert [[t["function"]["name"] for t in r["tools"]] for r in requests] == [["_subagent_helper"], ["_subagent_helper"]]
        assert requests[1]["messages"][-1] == {"role": "tool", "content": '{"about":"tides"}', "tool_call_id": "call_1"}
    finally:
        server.shutdown()
        server.server_close()
