"""A minimal external sub-agent over HTTP, for tests and examples of `HttpSubagentSetup`."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

SubagentHandler = Callable[[Any, str, "str | None"], Any]
"""What the server answers one call with: the result as JSON. Raising answers 500 with the message.
The third argument is the call's idempotency key (None from a client without one)."""


@dataclass
class _Answer:
    code: int
    body: str


@dataclass
class _Call:
    done: threading.Event = field(default_factory=threading.Event)
    answer: _Answer | None = None


@dataclass
class SubagentServer:
    url: str
    calls: list[dict[str, Any]] = field(default_factory=list)
    """Every call received, in order, a repeated key included: `{"prompt", "session", "invocation_id"}`."""
    _server: ThreadingHTTPServer | None = None

    def close(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()


def start_subagent_server(handler: SubagentHandler, port: int = 0, status: bool = True) -> SubagentServer:
    """Takes `POST {prompt, session, invocation_id?}` on 127.0.0.1 and answers with what the handler
    returns. It honours idempotency keys: a call whose key it has seen is not run again but gets the
    first call's answer (waiting for it if still running), and `GET ?invocation_id=<key>` answers
    the call's status as `http_call_status.py` reads it (unless `status` is False, which plays an
    endpoint without one)."""
    state = SubagentServer(url="")
    lock = threading.Lock()
    by_key: dict[str, _Call] = {}

    def execute(prompt: Any, session: str, key: str | None) -> _Answer:
        try:
            return _Answer(200, json.dumps(handler(prompt, session, key), allow_nan=False))
        except Exception as error:  # the server answers any failure rather than dropping the call
            return _Answer(500, json.dumps(str(error)))

    def post(body: Any, header_key: str | None) -> _Answer:
        if not isinstance(body, dict) or not isinstance(body.get("session"), str) or "prompt" not in body:
            return _Answer(400, json.dumps('expected POST {"prompt": ..., "session": "..."}'))
        field_key = body.get("invocation_id")
        key = header_key if header_key is not None else field_key if isinstance(field_key, str) else None
        with lock:
            state.calls.append({"prompt": body["prompt"], "session": body["session"], "invocation_id": key})
            known = None if key is None else by_key.get(key)
            if key is not None and known is None:
                by_key[key] = _Call()
        if key is None:
            return execute(body["prompt"], body["session"], None)
        if known is not None:
            known.done.wait()
            assert known.answer is not None
            return known.answer
        call = by_key[key]
        call.answer = execute(body["prompt"], body["session"], key)
        call.done.set()
        return call.answer

    def status_of(path: str) -> _Answer:
        keys = parse_qs(urlsplit(path).query).get("invocation_id")
        if not status or not keys:
            return _Answer(404, json.dumps("no status here"))
        with lock:
            known = by_key.get(keys[0])
        if known is None:
            tree: dict[str, Any] = {"status": "not_found"}
        elif known.answer is None:
            tree = {"status": "running"}
        else:
            tree = {"status": "done", "code": known.answer.code, "body": known.answer.body}
        return _Answer(200, json.dumps(tree))

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - the stdlib's name
            try:
                body = json.loads(self.rfile.read(int(self.headers.get("content-length", "0"))))
                self._send(post(body, self.headers.get("idempotency-key")))
            except Exception as error:  # the server answers any failure rather than dropping the call
                self._send(_Answer(500, json.dumps(str(error))))

        def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
            self._send(status_of(self.path))

        def _send(self, answer: _Answer) -> None:
            payload = answer.body.encode("utf-8")
            self.send_response(answer.code)
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
