"""The Python participant's operations: protocol case in, result out, one module per area."""

from collections.abc import Callable
from typing import Any

from .schema import derive_schema

Case = dict[str, Any]
Result = dict[str, Any]


class Skip(Exception):
    """Raised by an op that does not run a case; the participant answers `skipped` with the reason."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


from .normalize import normalize, render_content  # noqa: E402  (the op modules import Case and Skip from here)

OPS: dict[str, Callable[[Case], Result]] = {
    "derive_schema": derive_schema,
    "normalize": normalize,
    "render_content": render_content,
}
