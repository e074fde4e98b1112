"""The external sub-agent of the seeds: it posts `{prompt, session}` to an endpoint."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from typing import Any

from .runtime.durable_executor import DurableCallable
from .runtime.runner_context import RunnerContext
from .subagent import SubagentFuture, SubagentResult, SubagentSetup


class HttpSubagentFuture(SubagentFuture):
    """The handle of one call; the call runs from submit on, so several calls overlap."""

    def __init__(self, session_id: str, call_id: str, pending: Any) -> None:
        super().__init__(session_id, call_id)
        self._task = asyncio.ensure_future(pending)

    def done(self) -> bool:
        return self._task.done()

    def cancel(self) -> None:
        self._task.cancel()

    async def wait(self) -> SubagentResult:
        return await self._task


def _encode(result: SubagentResult) -> dict[str, Any]:
    return {"success": result.success, "result": result.result, "error_message": result.error_message}


def _decode(tree: Any) -> SubagentResult:
    return SubagentResult(bool(tree["success"]), tree.get("result"), tree.get("error_message"))


class HttpSubagentSetup(SubagentSetup):
    """Each call is one durable execution (the setup owns its durability): a run restarted on the
    same store gets the recorded result instead of calling the endpoint again. A failure of the
    endpoint is a failed result with the exception summary, not an exception."""

    endpoint: str
    timeout_s: float = 30.0

    async def submit(
        self, ctx: RunnerContext, prompt: Any, session_id: str | None = None, call_id: str | None = None
    ) -> SubagentFuture:
        session = session_id or ctx.next_session_id()

        async def call() -> SubagentResult:
            try:
                return SubagentResult.ok(await asyncio.to_thread(self._post, prompt, session))
            except Exception as error:
                return SubagentResult.error(error)

        pending = ctx.durable_execute_async(DurableCallable("http_subagent", call, _encode, _decode))
        return HttpSubagentFuture(session, call_id or session, pending)

    def _post(self, prompt: Any, session: str) -> Any:
        body = json.dumps({"prompt": prompt, "session": session}, ensure_ascii=False, allow_nan=False).encode("utf-8")
        request = urllib.request.Request(self.endpoint, data=body, headers={"content-type": "application/json"}, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout_s) as response:
                return json.loads(response.read().decode("utf-8"))
        except urllib.error.HTTPError as error:
            raise RuntimeError(f"{self.endpoint} answered {error.code}: {error.read().decode('utf-8', 'replace')[:500]}") from None
