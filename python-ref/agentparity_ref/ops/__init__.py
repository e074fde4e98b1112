"""The Python participant's operations: protocol case in, result out, one module per area."""

from collections.abc import Callable
from typing import Any

from .plan import build_plan, load_plan
from .schema import derive_schema

Case = dict[str, Any]
Result = dict[str, Any]


class Skip(Exception):
    """Raised by an op that does not run a case; the participant answers `skipped` with the reason."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


from .normalize import normalize, render_content  # noqa: E402  (the op modules import Case and Skip from here)
from .chat import open_chat_model  # noqa: E402
from .dispatch import dispatch  # noqa: E402
from .run_agent import run_agent  # noqa: E402

OPS: dict[str, Callable[[Case], Result]] = {
    "derive_schema": derive_schema,
    "normalize": normalize,
    "render_content": render_content,
    "open_chat_model": open_chat_model,
    "dispatch": dispatch,
    "run_agent": run_agent,
    "build_plan": build_plan,
    "load_plan": load_plan,
}
