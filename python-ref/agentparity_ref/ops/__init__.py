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


# Each op and its module, the ones fuzzing runs most first.
_OP_MODULES = [
    ("normalize", ".normalize"),
    ("render_content", ".normalize"),
    ("derive_schema", ".schema"),
    ("dispatch", ".dispatch"),
    ("open_chat_model", ".chat"),
    ("run_agent", ".run_agent"),
    ("build_plan", ".plan"),
    ("load_plan", ".plan"),
]

OPS: dict[str, Callable[[Case], Result]] = {op: _imported_on_first_call(module, op) for op, module in _OP_MODULES}


def import_op_modules() -> None:
    """Imports every op module: the participant process does this on a thread of its own from the
    start, so that the imports run while the harness is still loading (an op called meanwhile
    waits for its module's import to finish)."""
    for module in dict.fromkeys(module for _, module in _OP_MODULES):
        importlib.import_module(module, __name__)
