"""A local OpenAI-compatible endpoint for the connection tests: it answers a script of steps and
records every request it was asked."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class OpenAiStub:
    """A step has `status` (200), `headers`, and `body` (a JSON value) or `text` (sent as it is),
    or `hang` (no answer until the stub stops). Steps are answered in order, then `otherwise`."""

    def __init__(self) -> None:
        self.script: list[dict[str, Any]] = []
        self.otherwise: dict[str, Any] = {"status": 500, "body": "script ran out"}
        self.seen: list[dict[str, Any]] = []
        self.hung = threading.Event()

    @property
    def auth(self) -> list[str | None]:
        return [request["auth"] for request in self.seen]


@contextmanager
def openai_stub() -> Iterator[tuple[OpenAiStub, str]]:
    """The stub, serving on 127.0.0.1, and its base URL."""
    state = OpenAiStub()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - the stdlib's name
            body = json.loads(self.rfile.read(int(self.headers.get("content-length", "0"))))
            state.seen.append({"url": self.path, "auth": self.headers.get("authorization"), "body": body})
            step = state.script.pop(0) if state.script else state.otherwise
            if step.get("hang"):
                state.hung.wait(5)
                return
            payload = (step["text"] if "text" in step else json.dumps(step.get("body"))).encode()
            self.send_response(step.get("status", 200))
            for name, value in step.get("headers", {}).items():
                self.send_header(name, value)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield state, f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        state.hung.set()
        server.shutdown()
        server.server_close()
