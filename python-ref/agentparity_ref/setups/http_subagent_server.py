"""A minimal external sub-agent over HTTP, for tests and examples of `HttpSubagentSetup`."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

SubagentHandler = Callable[[Any, str], Any]
"""What the server answers one call with: the result as JSON. Raising answers 500 with the message."""


@dataclass
class SubagentServer:
    url: str
    calls: list[dict[str, Any]] = field(default_factory=list)
    """Every call received, in order: `{"prompt", "session"}`."""
    _server: ThreadingHTTPServer | None = None

    def close(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()


def start_subagent_server(handler: SubagentHandler, port: int = 0) -> SubagentServer:
    """Takes `POST {prompt, session}` on 127.0.0.1 and answers with what the handler returns."""
    state = SubagentServer(url="")
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - the stdlib's name
            try:
                body = json.loads(self.rfile.read(int(self.headers.get("content-length", "0"))))
                if not isinstance(body, dict) or not isinstance(body.get("session"), str) or "prompt" not in body:
                    self._answer(400, json.dumps('expected POST {"prompt": ..., "session": "..."}'))
                    return
                with lock:
                    state.calls.append({"prompt": body["prompt"], "session": body["session"]})
                self._answer(200, json.dumps(handler(body["prompt"], body["session"]), allow_nan=False))
            except Exception as error:  # the server answers any failure rather than dropping the call
                self._answer(500, json.dumps(str(error)))

        def _answer(self, status: int, text: str) -> None:
            payload = text.encode("utf-8")
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    state.url = f"http://127.0.0.1:{server.server_address[1]}/"
    state._server = server
    return state
