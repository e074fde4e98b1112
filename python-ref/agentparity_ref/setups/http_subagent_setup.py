"""The external sub-agent of the seeds: it posts `{prompt, session}` to an endpoint."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from typing import Any

from ..runtime.runner_context import RunnerContext
from ..subagent.subagent_future import SubagentFuture
from ..subagent.subagent_setup import SubagentSetup
from .durable_subagent_call import TaskFuture, durable_subagent_call


class HttpSubagentSetup(SubagentSetup):
    """Each call is one durable execution (`http_subagent`), so a run restarted on the same store
    does not call the endpoint again; the call runs from submit on, so several calls overlap. A
    failure of the endpoint is a failed result, not an exception."""

    endpoint: str
    timeout_s: float = 30.0

    async def submit(
        self, ctx: RunnerContext, prompt: Any, session_id: str | None = None, call_id: str | None = None
    ) -> SubagentFuture:
        session = session_id or ctx.next_session_id()

        async def work() -> Any:
            return await asyncio.to_thread(self._post, prompt, session)

        return TaskFuture(session, call_id or session, durable_subagent_call(ctx, "http_subagent", work))

    def _post(self, prompt: Any, session: str) -> Any:
        body = json.dumps({"prompt": prompt, "session": session}, ensure_ascii=False, allow_nan=False).encode("utf-8")
        request = urllib.request.Request(self.endpoint, data=body, headers={"content-type": "application/json"}, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout_s) as response:
                return json.loads(response.read().decode("utf-8"))
        except urllib.error.HTTPError as error:
            raise RuntimeError(f"{self.endpoint} answered {error.code}: {error.read().decode('utf-8', 'replace')[:500]}") from None
