"""Serves the participant protocol on stdin and stdout (run ``python3 -m agentparity_ref.participant``).

One JSON object per line each way. Requests: ``start {version}``, ``run {seq, case}``, ``stop``.
Answers, in request order, flushed whenever no more input is waiting: the implementation info, then ``{seq, result}``,
``{seq, skipped, reason}`` or ``{seq, errored, context}`` per run. Feature ``declaration_key``: a
case may carry its declaration with a key, which stores it, or the key alone, which names the
declaration stored under it (the same object each time). An exception inside an op is
answered as ``errored`` with its traceback; a line that cannot be answered at all (not JSON, no
seq) is reported on stderr, because stdout carries only answers. The process never stops on a bad
line, only on ``stop``, at end of input, or when asked for a protocol version it does not speak.
"""

from __future__ import annotations

import asyncio
import gc
import importlib.metadata
import json
import os
import platform
import re
import select
import sys
import traceback
from collections.abc import Awaitable, Callable, Coroutine, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TextIO

from . import __version__, pyjson
from .answer_writer import AnswerWriter, TextOut
from .ops import ASYNC_OPS, OPS, Case, Result, Skip, finish_background_import, import_op_modules_in_background

PROTOCOL_VERSION = 1
IMPLEMENTATION_NAME = "agentparity_ref"
FEATURES = ("declaration_key",)
# The reference also runs a plan a run_internal case gives; a kit participant does not by default.
REFERENCE_FEATURES = (*FEATURES, "run_internal_plan")
# The libraries whose versions decide results (pydantic words every schema and message); the
# harness warns when one differs from the version the fixtures were written against.
LIBRARIES = ("pydantic",)

Response = dict[str, Any]


def library_versions(names: tuple[str, ...] = LIBRARIES) -> dict[str, str]:
    """The installed version of each library named, read from its metadata without importing it."""
    found: dict[str, str] = {}
    for name in names:
        try:
            found[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            continue
    return found


@dataclass(frozen=True)
class Implementation:
    """What a participant says about itself in its start answer (`#/$defs/started`)."""

    name: str
    version: str
    language: str = "python"
    language_version: str = platform.python_version()
    features: tuple[str, ...] = FEATURES
    libraries: tuple[str, ...] = LIBRARIES


REFERENCE = Implementation(IMPLEMENTATION_NAME, __version__, features=REFERENCE_FEATURES)


class ProtocolError(Exception):
    """A line that cannot be answered; ``fatal`` ends the process (an unsupported version)."""

    def __init__(self, message: str, fatal: bool = False) -> None:
        super().__init__(message)
        self.fatal = fatal


def _is_seq(value: object) -> bool:
    kind = type(value)
    return kind is int or kind is str or isinstance(value, str) or (isinstance(value, int) and kind is not bool)


_DECODER = json.JSONDecoder()
# What json.dumps uses with no options, kept: json.dumps itself costs a call and a test of
# each of its options per answer.
_ENCODER = json.JSONEncoder()


def _read_request(line: str) -> Any:
    """`json.loads(line)` at any depth and for ints of any length. A line that is one JSON
    document and nothing else (each line the harness writes) is read by the decoder at once,
    without the layers of `json.loads` around it; any other line is left to `pyjson.loads`,
    which reads it without recursion or raises `json.loads`'s own error."""
    try:
        request, end = _DECODER.raw_decode(line)
    except Exception:
        return _read_whole(line)
    return request if end == len(line) else _read_whole(line)


def _read_whole(line: str) -> Any:
    try:
        return pyjson.loads(line)
    except ValueError as error:
        if "integer string conversion" not in str(error):
            raise
    # A number of more than 4,300 digits: read whole, as `$int` is (codec_scalars.int_of_digits).
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return pyjson.loads(line)
    finally:
        sys.set_int_max_str_digits(limit)


# The head of every run line the harness writes; a line unreadable past it is still answered.
_RUN_HEAD = re.compile(r'\{\s*"cmd"\s*:\s*"run"\s*,\s*"seq"\s*:\s*(-?(?:0|[1-9][0-9]*)|"(?:[^"\\]|\\.)*")\s*,')


def _seq_of_unreadable(line: str) -> object:
    """The seq of a run line that cannot be read as a whole, when its head names one; else None."""
    head = _RUN_HEAD.match(line)
    if head is None:
        return None
    seq = json.loads(head.group(1))
    return seq if _is_seq(seq) else None


def _preview(line: str, length: int = 200) -> str:
    return json.dumps(line[:length]) + ("..." if len(line) > length else "")


class Participant:
    """Dispatches each request to ``cmd_<name>``, in the manner of Bowtie's harnesses."""

    def __init__(
        self,
        ops: Mapping[str, Callable[[Case], Result]] = OPS,
        implementation: Implementation = REFERENCE,
        async_ops: Mapping[str, Callable[[Case], Awaitable[Result]]] | None = None,
    ) -> None:
        self.ops = ops
        # The coroutine form of some of `ops`, run beside each other by `serve` (the default ops' own).
        self.async_ops: Mapping[str, Callable[[Case], Awaitable[Result]]] = ASYNC_OPS if async_ops is None and ops is OPS else (async_ops or {})
        self.implementation = implementation
        self.stopped = False
        self.declarations: dict[str, Any] = {}

    def cmd_start(self, version: object) -> Response:
        if version != PROTOCOL_VERSION or isinstance(version, bool):
            raise ProtocolError(
                f"unsupported protocol version {json.dumps(version)}; this participant speaks {PROTOCOL_VERSION}",
                fatal=True,
            )
        info = self.implementation
        return {
            "version": PROTOCOL_VERSION,
            "implementation": {
                "name": info.name,
                "language": info.language,
                "version": info.version,
                "language_version": info.language_version,
                "ops": list(self.ops),
                "features": list(info.features),
                "libraries": library_versions(info.libraries),
            },
        }

    def _checked_case(self, seq: object, case: object) -> Response | tuple[dict[str, Any], str]:
        """The case and its op's name, or the answer of a case that cannot run."""
        if not isinstance(case, dict):
            return self._errored(seq, "run: case must be an object")
        if not isinstance(case.get("id"), str):
            return self._errored(seq, "run: case.id must be a string")
        op_name = case.get("op")
        if not isinstance(op_name, str):
            return self._errored(seq, "run: case.op must be a string")
        if "declaration_key" in case:
            problem = self._resolve_declaration(case)
            if problem is not None:
                return self._errored(seq, problem)
        if op_name not in self.ops:
            return {"seq": seq, "skipped": True, "reason": f"op {op_name} is not supported by {self.implementation.name}"}
        return case, op_name

    def cmd_run(self, seq: object, case: object) -> Response:
        checked = self._checked_case(seq, case)
        return self._run_checked(seq, *checked) if isinstance(checked, tuple) else checked

    def _run_checked(self, seq: object, case: dict[str, Any], op_name: str) -> Response:
        try:
            result = self.ops[op_name](case)
        except Exception as error:
            return self._failed(seq, error)
        return self._answer(seq, op_name, result)

    async def _run_async(self, seq: object, case: dict[str, Any], op_name: str) -> Response:
        try:
            result = await self.async_ops[op_name](case)
        except Exception as error:
            return self._failed(seq, error)
        return self._answer(seq, op_name, result)

    def _failed(self, seq: object, error: Exception) -> Response:
        """The answer to an op that raised: `skipped` for `Skip`, else `errored` with the traceback."""
        if isinstance(error, Skip):
            return {"seq": seq, "skipped": True, "reason": error.reason}
        return self._errored(seq, f"{type(error).__name__}: {error}", traceback.format_exc())

    def _answer(self, seq: object, op_name: str, result: object) -> Response:
        if not isinstance(result, dict):
            return self._errored(seq, f"op {op_name} returned a result that is not a JSON object")
        return {"seq": seq, "result": result}

    def _resolve_declaration(self, case: dict[str, Any]) -> str | None:
        """Stores the case's declaration under its key, or gives it the one stored there; the key
        leaves the case, so that an op sees a case as it always has. Returns what is wrong."""
        key = case.pop("declaration_key")
        if not isinstance(key, str) or key == "":
            return "run: case.declaration_key must be a non-empty string"
        if "declaration" in case:
            self.declarations[key] = case["declaration"]
        elif key in self.declarations:
            case["declaration"] = self.declarations[key]
        else:
            return f"unknown declaration_key {json.dumps(key)}: a key names the declaration sent with it earlier in this process"
        return None

    def cmd_stop(self) -> None:
        self.stopped = True

    def _errored(self, seq: object, message: str, trace: str | None = None) -> Response:
        context: dict[str, str] = {"message": message}
        if trace is not None:
            context["traceback"] = trace
        return {"seq": seq, "errored": True, "context": context}

    def handle_line(self, line: str) -> str | None:
        """The answer to one request line, or None for ``stop``. Raises ProtocolError for a line
        that cannot be answered."""
        answer = self.handle_line_concurrently(line, concurrent=False)
        assert not isinstance(answer, Coroutine)
        return answer

    def handle_line_concurrently(self, line: str, concurrent: bool = True) -> str | None | Coroutine[Any, Any, str]:
        """`handle_line`, except that a run of an op in `async_ops` is answered by the coroutine
        returned, for the caller to run beside others."""
        try:
            request = _read_request(line)
        except Exception as error:
            cause = f"{type(error).__name__}: {error}"
            seq = _seq_of_unreadable(line)
            if seq is not None:
                return self._dump(seq, self._errored(seq, f"cannot read the request ({cause})"))
            raise ProtocolError(f"not a JSON line ({cause}): {_preview(line)}") from None
        if not isinstance(request, dict):
            raise ProtocolError(f"a request must be a JSON object: {_preview(line)}")
        cmd = request.get("cmd")
        if cmd == "start":
            return self._dump(None, self.cmd_start(request.get("version")))
        if cmd == "stop":
            self.cmd_stop()
            return None
        seq = request.get("seq")
        if not _is_seq(seq):
            raise ProtocolError(f"a request without a valid seq: {_preview(line)}")
        if cmd != "run":
            return self._dump(seq, self._errored(seq, f"unknown command {json.dumps(cmd)}"))
        checked = self._checked_case(seq, request.get("case"))
        if not isinstance(checked, tuple):
            return self._dump(seq, checked)
        if concurrent and checked[1] in self.async_ops:
            return self._dump_when_done(seq, self._run_async(seq, *checked))
        return self._dump(seq, self._run_checked(seq, *checked))

    async def _dump_when_done(self, seq: object, response: Awaitable[Response]) -> str:
        return self._dump(seq, await response)

    def _dump(self, seq: object, response: Response) -> str:
        try:
            return _ENCODER.encode(response)
        except Exception as error:  # a result json cannot write (bytes, a cycle, a deep value)
            if seq is None:
                raise ProtocolError(f"cannot write the answer: {type(error).__name__}: {error}") from None
            return json.dumps(self._errored(seq, f"cannot write the result: {type(error).__name__}: {error}", traceback.format_exc()))


_CHUNK = 1 << 16


def _readable(fd: int) -> bool:
    try:
        readable, _, _ = select.select([fd], [], [], 0)
    except (OSError, ValueError):  # a descriptor select cannot watch (a pipe on Windows): flush every answer
        return False
    return bool(readable)


def _fd_lines(fd: int) -> Iterator[tuple[bytes, bool]]:
    """The lines of a descriptor, read as they come, each with whether another can be read at
    once. A long line is gathered in parts, so that a line of many chunks is joined once."""
    parts: list[bytes] = []
    while True:
        chunk = os.read(fd, _CHUNK)
        if not chunk:
            if parts and any(parts):
                yield b"".join(parts), False
            return
        end = chunk.rfind(b"\n")
        if end < 0:
            parts.append(chunk)
            continue
        parts.append(chunk[:end])
        lines = b"".join(parts).split(b"\n")
        parts = [chunk[end + 1 :]]
        last = len(lines) - 1
        for index, line in enumerate(lines):
            yield line, index < last or bool(parts[0]) or _readable(fd)


def _request_lines(stdin: TextIO) -> Iterator[tuple[bytes | str, bool]]:
    """Each request line, with whether another is ready. Answers are flushed only when none is:
    a harness that sends a batch reads its answers together, and a write per answer costs a
    system call on both sides. Input without a descriptor (a test's StringIO) is read by line."""
    try:
        fd = stdin.fileno()
    except (AttributeError, OSError, ValueError):
        fd = None
    if fd is not None:
        yield from _fd_lines(fd)
        return
    for line in iter(stdin.readline, ""):
        yield line.rstrip("\n"), False


def _text(line: bytes | str) -> str:
    # Requests are UTF-8 whatever the locale says (the harness writes them without ensure_ascii).
    text = line.decode("utf-8") if isinstance(line, bytes) else line
    return text.rstrip("\r")


def _answer_together(waiting: list[Coroutine[Any, Any, str]], stdout: TextOut) -> None:
    """Runs the cases in one event loop, side by side, and writes each answer in request order as
    soon as it and every earlier one are done, so that a slow case holds back only later answers."""

    async def run() -> None:
        tasks = [asyncio.ensure_future(case) for case in waiting]
        for task in tasks:
            stdout.write(await task + "\n")
            stdout.flush()

    asyncio.run(run())


def serve(participant: Participant, stdin: TextIO, stdout: TextOut, stderr: TextIO) -> int:
    """Answers requests until ``stop`` or end of input; returns the exit code. Runs of an op with a
    coroutine form (`Participant.async_ops`) that arrive together, each line already waiting when
    the one before it is read, run side by side; every answer still comes in request order."""
    waiting: list[Coroutine[Any, Any, str]] = []
    try:
        for line, ready in _request_lines(stdin):
            answer: str | None = None
            try:
                handled = participant.handle_line_concurrently(_text(line))
            except Exception as error:  # whatever happens, the next line still gets its answer
                if isinstance(error, UnicodeDecodeError):
                    error = ProtocolError(f"not a UTF-8 line ({error}): {_preview(repr(line))}")
                stderr.write(f"{participant.implementation.name} participant: {error}\n")
                stderr.flush()
                if isinstance(error, ProtocolError) and error.fatal:
                    if waiting:
                        _answer_together(waiting, stdout)
                    return 1
                handled = None
            if isinstance(handled, Coroutine):
                waiting.append(handled)
                if ready:
                    continue
            else:
                answer = handled
            # The cases gathered so far are answered before this line's answer, and at once when
            # no further line is waiting (the harness may be waiting for them).
            if waiting:
                _answer_together(waiting, stdout)
                waiting = []
            if answer is not None:
                stdout.write(answer + "\n")
                if not ready:
                    stdout.flush()
            if participant.stopped:
                break
        if waiting:
            _answer_together(waiting, stdout)
    finally:
        stdout.flush()
    return 0


def _freeze() -> None:
    # What the imports made lives as long as the process: moved out of the collector's sight, so
    # that no full collection scans it again (nor the last one at exit). Garbage is still freed
    # by reference counting; only a cycle among these objects would stay.
    gc.freeze()


def main() -> int:
    import_op_modules_in_background(then=_freeze)
    answers = AnswerWriter(sys.stdout)
    try:
        code = serve(Participant(), sys.stdin, answers, sys.stderr)
    finally:
        answers.close()
    finish_background_import()
    return code


if __name__ == "__main__":
    sys.exit(main())
