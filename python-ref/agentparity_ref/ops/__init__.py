"""The Python participant's operations: protocol case in, result out, one module per area."""

import importlib
import threading
from collections.abc import Awaitable, Callable
from typing import Any

Case = dict[str, Any]
Result = dict[str, Any]


class Skip(Exception):
    """Raised by an op that does not run a case; the participant answers `skipped` with the reason."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# The thread importing every op module, once one is started.
_background_import: threading.Thread | None = None


def _load(module: str, name: str) -> Any:
    finish_background_import()
    return getattr(importlib.import_module(module, __name__), name)


def _imported_on_first_call(module: str, name: str) -> Callable[[Case], Result]:
    """The op `name` of `module`, imported when it is first called: a participant that only
    normalizes never pays for importing the plan builder, and every start is shorter."""
    loaded: list[Callable[[Case], Result]] = []

    def op(case: Case) -> Result:
        if not loaded:
            loaded.append(_load(module, name))
        return loaded[0](case)

    return op


def _async_imported_on_first_call(module: str, name: str) -> Callable[[Case], Awaitable[Result]]:
    """The coroutine op `name` of `module`, imported when it is first called."""
    loaded: list[Callable[[Case], Awaitable[Result]]] = []

    async def op(case: Case) -> Result:
        if not loaded:
            loaded.append(_load(module, name))
        return await loaded[0](case)

    return op


# Each op and its module, the ones fuzzing runs most first.
_OP_MODULES = [
    ("normalize", ".normalize"),
    ("render_content", ".normalize"),
    ("derive_schema", ".schema"),
    ("dispatch", ".dispatch"),
    ("open_chat_model", ".chat"),
    ("run_agent", ".run_agent"),
    ("run_internal", ".run_internal"),
    ("build_plan", ".plan"),
    ("load_plan", ".plan"),
]

OPS: dict[str, Callable[[Case], Result]] = {op: _imported_on_first_call(module, op) for op, module in _OP_MODULES}

# Ops that also come as a coroutine, which the participant runs beside the other such cases that
# are waiting: a case of these spends most of its time waiting on timers (scripted work, timeouts),
# which a run of many of them need not wait out one after another. Each keeps its state in its
# own objects and context variables, so that cases run together cannot see each other.
ASYNC_OPS: dict[str, Callable[[Case], Awaitable[Result]]] = {
    "run_internal": _async_imported_on_first_call(".run_internal", "run_internal_async"),
}


def import_op_modules() -> None:
    """Imports every op module."""
    for module in dict.fromkeys(module for _, module in _OP_MODULES):
        importlib.import_module(module, __name__)


def import_op_modules_in_background(then: Callable[[], None]) -> None:
    """Imports every op module on a thread of its own, then calls `then` there: the participant
    process starts this at once, so that the imports run while the harness is still loading.

    An op first called meanwhile waits for the whole import to finish, not only its own module's:
    two threads importing modules that import each other can each be handed the other's module
    half made (`ImportError: cannot import name ... from partially initialized module`).
    """
    global _background_import

    def run() -> None:
        import_op_modules()
        then()

    _background_import = threading.Thread(target=run, name="import-op-modules", daemon=True)
    _background_import.start()


def finish_background_import() -> None:
    """Waits for the thread `import_op_modules_in_background` started, if any: a process that
    ends while it imports kills it inside pydantic-core's native code, which aborts the process
    (exit 134, "FATAL: exception not rethrown") instead of exiting as asked."""
    if _background_import is not None:
        _background_import.join()
