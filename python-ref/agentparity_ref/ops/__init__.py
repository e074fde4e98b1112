"""The Python participant's operations: protocol case in, result out, one module per area."""

import importlib
from collections.abc import Callable
from typing import Any

Case = dict[str, Any]
Result = dict[str, Any]


class Skip(Exception):
    """Raised by an op that does not run a case; the participant answers `skipped` with the reason."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _imported_on_first_call(module: str, name: str) -> Callable[[Case], Result]:
    """The op `name` of `module`, imported when it is first called: a participant that only
    normalizes never pays for importing the plan builder, and every start is shorter."""
    loaded: list[Callable[[Case], Result]] = []

    def op(case: Case) -> Result:
        if not loaded:
            loaded.append(getattr(importlib.import_module(module, __name__), name))
        return loaded[0](case)

    return op


OPS: dict[str, Callable[[Case], Result]] = {
    op: _imported_on_first_call(module, op)
    for op, module in [
        ("derive_schema", ".schema"),
        ("normalize", ".normalize"),
        ("render_content", ".normalize"),
        ("open_chat_model", ".chat"),
        ("dispatch", ".dispatch"),
        ("run_agent", ".run_agent"),
        ("build_plan", ".plan"),
        ("load_plan", ".plan"),
    ]
}
