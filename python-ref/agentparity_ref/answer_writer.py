"""The participant's answers, written in order by a thread of their own."""

from __future__ import annotations

import queue
import threading
from typing import Protocol


class TextOut(Protocol):
    """What answers are written to: a text stream."""

    def write(self, text: str, /) -> int: ...

    def flush(self) -> None: ...


# Put on the queue by `close`: nothing comes after it.
_END = None


class AnswerWriter:
    """Answer text, written to `out` by a thread of its own in the order it was given.

    The serve loop goes on with the next request while an answer waits to be read. Written on the
    loop's own thread, a long answer (a 100,000-deep result is 1.6 MB) filled the pipe and held the
    loop until the harness, busy with its own share of the cases, read it; the requests behind it
    waited too. The thread writes whatever has gathered in one go and flushes when the queue runs
    dry. A write that fails (the harness is gone) ends the writing; `close` raises its error.
    """

    def __init__(self, out: TextOut) -> None:
        self._out = out
        self._queue: queue.SimpleQueue[str | None] = queue.SimpleQueue()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="answer-writer", daemon=True)
        self._thread.start()

    def write(self, text: str) -> int:
        self._queue.put(text)
        return len(text)

    def flush(self) -> None:
        """Nothing to do: the thread flushes each time it has written everything queued."""

    def close(self) -> None:
        """Writes what is queued, flushes, and stops the thread."""
        self._queue.put(_END)
        self._thread.join()
        if self._error is not None:
            raise self._error

    def _run(self) -> None:
        while True:
            parts: list[str] = []
            item = self._queue.get()
            while item is not _END:
                parts.append(item)
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
            if self._error is None and parts:
                try:
                    self._out.write("".join(parts))
                    self._out.flush()
                except BaseException as error:  # kept for close, which the serving thread calls
                    self._error = error
            if item is _END:
                return
