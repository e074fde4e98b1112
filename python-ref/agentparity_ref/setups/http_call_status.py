"""The status of one call at an HTTP sub-agent. Mirrors `src/subagent/httpCallStatus.ts`.

`GET <endpoint>?invocation_id=<id>` (with the `Idempotency-Key` header) answers
`{"status": "done", "code": <int>, "body": <text>}` (the answer the POST got or would have got),
`{"status": "running"}`, or `{"status": "not_found"}` (never received: safe to send). Anything
else, including no answer, is `unknown`.
"""

from __future__ import annotations

import http.client
import json
import urllib.request
from dataclasses import dataclass
from typing import Literal
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit


@dataclass(frozen=True)
class CallStatus:
    status: Literal["done", "running", "not-started", "unknown"]
    code: int = 0
    body: str = ""


def status_url(endpoint: str, invocation_id: str) -> str:
    parts = urlsplit(endpoint)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != "invocation_id"]
    return urlunsplit(parts._replace(query=urlencode([*query, ("invocation_id", invocation_id)])))


def read_status(endpoint: str, invocation_id: str, timeout_s: float) -> CallStatus:
    try:
        request = urllib.request.Request(status_url(endpoint, invocation_id), headers={"idempotency-key": invocation_id}, method="GET")
        with urllib.request.urlopen(request, timeout=timeout_s) as response:
            if response.status != 200:
                return CallStatus("unknown")
            text = response.read().decode("utf-8")
    except (OSError, ValueError, http.client.HTTPException):  # refused, timed out, an error status, a cut or undecodable answer
        return CallStatus("unknown")
    return status_from_text(text)


def status_from_text(text: str) -> CallStatus:
    try:
        tree = json.loads(text)
    except ValueError:
        return CallStatus("unknown")
    if not isinstance(tree, dict):
        return CallStatus("unknown")
    status = tree.get("status")
    if status == "running":
        return CallStatus("running")
    if status == "not_found":
        return CallStatus("not-started")
    code, body = tree.get("code"), tree.get("body")
    if status == "done" and type(code) is int and isinstance(body, str):
        return CallStatus("done", code, body)
    return CallStatus("unknown")
