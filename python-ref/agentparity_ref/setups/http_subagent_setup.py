"""The external sub-agent of the seeds: it posts `{prompt, session, invocation_id}` to an endpoint."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.error
import urllib.request
from typing import Any

from pydantic import Field

from ..errors import AgentparityError
from ..runtime.runner_context import RunnerContext
from ..subagent.subagent_future import SubagentFuture
from ..subagent.subagent_setup import SubagentSetup
from .durable_subagent_call import ProbeAnswer, TaskFuture, UnknownOutcomePolicy, durable_subagent_call, invocation_id_of
from .http_call_status import read_status

_RUNNING_POLL_S = 0.1
"""How often a restart asks again about a call the endpoint says is still running."""


class SubagentEndpointError(AgentparityError, RuntimeError):
    """An endpoint that answered with a status outside 2xx."""


class HttpSubagentSetup(SubagentSetup):
    """Each call is one durable execution (`http_subagent`) under the invocation id
    `session_id#call_id`, also sent as the `Idempotency-Key` header, so a run restarted on the same
    store does not call the endpoint again; a call the process died during is first looked up at
    the endpoint's status URL (see `http_call_status.py`). The call runs from submit on, so several
    calls overlap. A failure of the endpoint is a failed result, not an exception."""

    endpoint: str
    timeout_s: float = 30.0
    unknown_outcome: UnknownOutcomePolicy = Field(default="fail-closed", exclude=True)
    """What a restart does with a call it was killed during, when the endpoint's status cannot say
    how it ended: `fail-closed` fails the delegation, `repeat` posts it again under the same key.
    Set in code; plans do not carry it."""

    async def submit(
        self, ctx: RunnerContext, prompt: Any, session_id: str | None = None, call_id: str | None = None
    ) -> SubagentFuture:
        session = session_id or ctx.next_session_id()
        call = call_id or session
        invocation_id = invocation_id_of(session, call)

        async def work() -> Any:
            return await asyncio.to_thread(self._post, prompt, session, invocation_id)

        async def probe(key: str) -> ProbeAnswer:
            return await asyncio.to_thread(self._probe, key)

        pending = durable_subagent_call(ctx, "http_subagent", work, invocation_id, probe, self.unknown_outcome)
        return TaskFuture(session, call, pending)

    def _post(self, prompt: Any, session: str, invocation_id: str) -> Any:
        body = json.dumps(
            {"prompt": prompt, "session": session, "invocation_id": invocation_id}, ensure_ascii=False, allow_nan=False
        ).encode("utf-8")
        headers = {"content-type": "application/json", "idempotency-key": invocation_id}
        request = urllib.request.Request(self.endpoint, data=body, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout_s) as response:
                return self._answer(response.status, response.read().decode("utf-8"))
        except urllib.error.HTTPError as error:
            return self._answer(error.code, error.read().decode("utf-8", "replace"))

    def _answer(self, status: int, text: str) -> Any:
        """The result a POST answer stands for; the status URL hands back the same answer to read alike."""
        if status < 200 or status >= 300:
            raise SubagentEndpointError(f"{self.endpoint} answered {status}: {text[:500]}", code="SUBAGENT_ENDPOINT_STATUS")
        return json.loads(text)

    def _probe(self, invocation_id: str) -> ProbeAnswer:
        # Asks until the endpoint says how the call ended or that it never arrived; a call still
        # running past the timeout, or an endpoint without a status URL, is an unknown outcome.
        deadline = time.monotonic() + self.timeout_s
        while True:
            call = read_status(self.endpoint, invocation_id, self.timeout_s)
            if call.status == "done":
                try:
                    return ProbeAnswer("completed", value=self._answer(call.code, call.body))
                except Exception as error:
                    return ProbeAnswer("failed", error=error)
            if call.status != "running":
                return ProbeAnswer(call.status)
            if time.monotonic() + _RUNNING_POLL_S > deadline:
                return ProbeAnswer("unknown")
            time.sleep(_RUNNING_POLL_S)
