"""The answer writer: in order, off the serving thread, and a failed write reported at close."""

from __future__ import annotations

import io
import json
import threading

import pytest

from agentparity_ref.answer_writer import AnswerWriter
from agentparity_ref.participant import Participant, serve

# A bound on waiting for the other thread, so that a broken writer fails the test instead of hanging it.
WAIT_S = 30


class HeldOut:
    """A stream whose first write waits until released, as a pipe no one reads holds its writer."""

    def __init__(self) -> None:
        self.text = io.StringIO()
        self.release = threading.Event()
        self.writing = threading.Event()

    def write(self, text: str) -> int:
        self.writing.set()
        assert self.release.wait(WAIT_S)
        return self.text.write(text)

    def flush(self) -> None:
        pass


def _requests(count: int) -> str:
    lines = [json.dumps({"cmd": "start", "version": 1})]
    for seq in range(1, count + 1):
        case = {"id": f"c{seq}", "op": "normalize", "input": {"value": [seq]}}
        lines.append(json.dumps({"cmd": "run", "seq": seq, "case": case}))
    return "\n".join(lines) + "\n"


def test_the_loop_answers_every_request_while_the_first_answer_waits_to_be_read() -> None:
    out = HeldOut()
    writer = AnswerWriter(out)
    served = serve(Participant(), io.StringIO(_requests(20)), writer, io.StringIO())
    # serve returned with the first write still held: it never waited for the reader.
    assert served == 0
    assert out.writing.wait(WAIT_S)
    assert out.text.getvalue() == ""
    out.release.set()
    writer.close()
    answers = [json.loads(line) for line in out.text.getvalue().splitlines()]
    assert [answer.get("seq") for answer in answers] == [None, *range(1, 21)]
    assert [answer["result"]["json"] for answer in answers[1:]] == [f"[{seq}]" for seq in range(1, 21)]


def test_text_is_written_in_the_order_given_and_flushed_by_close() -> None:
    out = io.StringIO()
    writer = AnswerWriter(out)
    for index in range(500):
        writer.write(f"{index}\n")
    writer.close()
    assert out.getvalue().splitlines() == [str(index) for index in range(500)]


class BrokenOut:
    def write(self, text: str) -> int:
        raise BrokenPipeError("the reader is gone")

    def flush(self) -> None:
        pass


def test_a_failed_write_ends_the_writing_and_close_raises_it() -> None:
    writer = AnswerWriter(BrokenOut())
    writer.write("a\n")
    writer.write("b\n")
    with pytest.raises(BrokenPipeError, match="the reader is gone"):
        writer.close()
