"""Tests for the Python participant: each request kind, bad lines, and the process itself."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from agentparity_ref import pyjson
from agentparity_ref.ops import Case, Result, Skip
from agentparity_ref.participant import Participant, ProtocolError, _fd_lines, _read_request, serve


def _echo(case: Case) -> Result:
    return {"id": case["id"], "echo": case.get("input")}


def _boom(case: Case) -> Result:
    raise TypeError("boom")


def _skip(case: Case) -> Result:
    raise Skip("not today")


def _not_a_dict(case: Case) -> Result:
    return [1, 2]  # type: ignore[return-value]


def _depth(case: Case) -> Result:
    depth, value = 0, case["input"]["value"]
    while isinstance(value, list):
        depth, value = depth + 1, value[0] if value else None
    return {"depth": depth}


def _bytes(case: Case) -> Result:
    return {"value": b"raw"}


OPS = {"derive_schema": _echo, "normalize": _boom, "dispatch": _skip, "build_plan": _not_a_dict, "load_plan": _bytes}


@pytest.fixture
def participant() -> Participant:
    return Participant(OPS)


def run_line(op: str, extra: str = "") -> str:
    return f'{{"cmd": "run", "seq": 7, "case": {{"id": "area/file/slug", "op": "{op}"{extra}}}}}'


def _reference_env(**extra: str) -> dict[str, str]:
    """The environment of a child Python that imports this package from the source tree."""
    return {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent), **extra}


def _run_script(script: str) -> None:
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=_reference_env(), timeout=60)
    assert done.returncode == 0, done.stderr


def test_start_lists_the_registered_ops(participant: Participant) -> None:
    reply = json.loads(participant.handle_line('{"cmd": "start", "version": 1}') or "")
    assert reply["version"] == 1
    assert reply["implementation"]["language"] == "python"
    assert reply["implementation"]["ops"] == list(OPS)


def test_start_lists_feature_declaration_key(participant: Participant) -> None:
    reply = json.loads(participant.handle_line('{"cmd": "start", "version": 1}') or "")
    assert reply["implementation"]["features"] == ["declaration_key", "run_internal_plan"]


def _declared(case: Case) -> Result:
    _SEEN.append(case.get("declaration"))
    return {"declared": case.get("declaration"), "keys": sorted(case)}


_SEEN: list[object] = []


def test_a_declaration_sent_with_a_key_is_the_same_object_for_later_cases() -> None:
    _SEEN.clear()
    participant = Participant({"derive_schema": _declared})
    first = participant.handle_line(run_line("derive_schema", ', "declaration": {"format": "f"}, "declaration_key": "d1"'))
    second = participant.handle_line(run_line("derive_schema", ', "declaration_key": "d1"'))
    # The op sees a case as it always has: the key is gone, the declaration is there.
    assert first == '{"seq": 7, "result": {"declared": {"format": "f"}, "keys": ["declaration", "id", "op"]}}'
    assert second == first
    assert _SEEN[1] is _SEEN[0]
    participant.handle_line(run_line("derive_schema", ', "declaration": {"format": "g"}, "declaration_key": "d1"'))
    assert '"declared": {"format": "g"}' in (participant.handle_line(run_line("derive_schema", ', "declaration_key": "d1"')) or "")


def test_a_declaration_is_stored_even_when_its_case_is_not_run_and_an_unknown_key_errors() -> None:
    participant = Participant({"derive_schema": _declared})
    skipped = participant.handle_line(run_line("run_agent", ', "declaration": {"format": "f"}, "declaration_key": "k"'))
    assert '"skipped": true' in (skipped or "")
    assert '"declared": {"format": "f"}' in (participant.handle_line(run_line("derive_schema", ', "declaration_key": "k"')) or "")
    # Word for word what the TypeScript participant answers (test/conformance/serve/handleLine.test.ts).
    assert participant.handle_line(run_line("derive_schema", ', "declaration_key": "\u00e9"')) == (
        '{"seq": 7, "errored": true, "context": {"message": "unknown declaration_key \\"\\\\u00e9\\": '
        'a key names the declaration sent with it earlier in this process"}}'
    )
    assert '"message": "run: case.declaration_key must be a non-empty string"' in (
        participant.handle_line(run_line("derive_schema", ', "declaration_key": 3')) or ""
    )


def test_an_unknown_version_is_fatal(participant: Participant) -> None:
    with pytest.raises(ProtocolError) as caught:
        participant.handle_line('{"cmd": "start", "version": 2}')
    assert caught.value.fatal


def test_a_result_is_written_as_json_dumps_writes_it(participant: Participant) -> None:
    answer = participant.handle_line(run_line("derive_schema", ', "input": {"x": 2.0, "\\u00e9": 12345678901234567890}'))
    assert answer == '{"seq": 7, "result": {"id": "area/file/slug", "echo": {"x": 2.0, "\\u00e9": 12345678901234567890}}}'


def test_an_exception_is_answered_errored_with_its_traceback(participant: Participant) -> None:
    answer = json.loads(participant.handle_line(run_line("normalize")) or "")
    assert answer["errored"] is True
    assert answer["context"]["message"] == "TypeError: boom"
    assert "_boom" in answer["context"]["traceback"]


def test_skip_and_an_unregistered_op_are_answered_skipped(participant: Participant) -> None:
    assert participant.handle_line(run_line("dispatch")) == '{"seq": 7, "skipped": true, "reason": "not today"}'
    assert participant.handle_line(run_line("run_agent")) == (
        '{"seq": 7, "skipped": true, "reason": "op run_agent is not supported by agentparity_ref"}'
    )


def test_a_result_that_is_not_an_object_or_not_json_is_errored(participant: Participant) -> None:
    assert json.loads(participant.handle_line(run_line("build_plan")) or "")["context"]["message"] == (
        "op build_plan returned a result that is not a JSON object"
    )
    message = json.loads(participant.handle_line(run_line("load_plan")) or "")["context"]["message"]
    assert message.startswith("cannot write the result: TypeError")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"cmd": "launch", "seq": "s1"}', 'unknown command "launch"'),
        ('{"cmd": "run", "seq": 3, "case": {"id": 1, "op": "x"}}', "run: case.id must be a string"),
        ('{"cmd": "run", "seq": 3, "case": []}', "run: case must be an object"),
        ('{"cmd": "run", "seq": 3, "case": {"id": "a", "op": null}}', "run: case.op must be a string"),
    ],
)
def test_a_bad_request_with_a_seq_is_answered_errored(participant: Participant, line: str, message: str) -> None:
    assert json.loads(participant.handle_line(line) or "")["context"]["message"] == message


def _read_outcome(read: Any, line: str) -> tuple[str, Any]:
    try:
        return ("value", read(line))
    except Exception as error:
        return (type(error).__name__, str(error))


@pytest.mark.parametrize(
    "line",
    [
        '{"cmd": "run", "seq": 1, "case": {"v": [1.5, -0, 1e400, NaN, "\\ud800\u00e9"]}}',
        '  {"cmd": "stop"}  ',
        '{"cmd": "stop"}\t',
        '{"cmd": "stop"} {"cmd": "stop"}',
        '{"cmd": "stop"} x',
        "\ufeff{}",
        '{"a": 1,}',
        "",
        "[" * 100_000,
    ],
    ids=["values", "spaces-around", "tab-after", "two-documents", "extra-data", "bom", "trailing-comma", "empty", "deep"],
)
def test_a_request_line_is_read_as_json_loads_reads_it_at_any_depth(line: str) -> None:
    outcome = _read_outcome(_read_request, line)
    expected = _read_outcome(pyjson.loads, line)
    if outcome[0] == "value" and expected[0] == "value":
        assert json.dumps(outcome[1]) == json.dumps(expected[1])
    else:
        assert outcome == expected


@pytest.mark.parametrize("line", ["not json", "[1, 2]", '{"cmd": "run", "case": {}}', '{"cmd": "run", "seq": true}', "[" * 100_000])
def test_a_line_without_a_seq_raises_protocol_error(participant: Participant, line: str) -> None:
    with pytest.raises(ProtocolError):
        participant.handle_line(line)


def test_a_deep_request_is_read_without_recursion_and_answered() -> None:
    depth = 200_000
    line = run_line("normalize", ', "input": {"value": ' + "[" * depth + "]" * depth + "}")
    answer = json.loads(Participant({"normalize": _depth}).handle_line(line) or "")
    assert answer == {"seq": 7, "result": {"depth": depth}}


def test_an_int_of_any_length_in_a_request_is_read_whole() -> None:
    digits = "7" * 5000
    request = _read_request(f'{{"cmd": "run", "seq": 1, "case": {{"v": {digits}}}}}')
    sys.set_int_max_str_digits(0)
    try:
        assert str(request["case"]["v"]) == digits
    finally:
        sys.set_int_max_str_digits(4300)


@pytest.mark.parametrize(
    ("line", "seq", "cause"),
    [
        ('{"cmd": "run", "seq": 4, "case": {"id": "a", "op": "x", "input": [1,}}', 4, "JSONDecodeError: Expecting value"),
        ('{"cmd": "run", "seq": "s-1", "case": {"v": 1e}', "s-1", "JSONDecodeError: Expecting ',' delimiter"),
    ],
)
def test_a_run_line_that_cannot_be_read_is_answered_errored_with_its_cause(participant: Participant, line: str, seq: object, cause: str) -> None:
    answer = json.loads(participant.handle_line(line) or "")
    assert answer["seq"] == seq and answer["errored"] is True
    assert answer["context"]["message"].startswith(f"cannot read the request ({cause}")


def test_serve_answers_in_order_reports_bad_lines_and_stops(participant: Participant) -> None:
    stdin = io.StringIO(
        '{"cmd": "start", "version": 1}\ngarbage\n'
        + run_line("derive_schema")
        + "\n"
        + run_line("dispatch")
        + '\n{"cmd": "stop"}\n'
        + run_line("derive_schema")
        + "\n"
    )
    stdout, stderr = io.StringIO(), io.StringIO()
    assert serve(participant, stdin, stdout, stderr) == 0
    lines = stdout.getvalue().splitlines()
    assert len(lines) == 3
    assert [json.loads(line).get("seq") for line in lines[1:]] == [7, 7]
    assert "not a JSON line" in stderr.getvalue()


def test_serve_exits_1_on_an_unknown_version(participant: Participant) -> None:
    stderr = io.StringIO()
    assert serve(participant, io.StringIO('{"cmd": "start", "version": 3}\n'), io.StringIO(), stderr) == 1
    assert "unsupported protocol version 3" in stderr.getvalue()


def test_the_module_serves_the_protocol_as_a_process() -> None:
    env = _reference_env()
    requests = '{"cmd": "start", "version": 1}\n{"cmd": "run", "seq": 1, "case": {"id": "a/b/c", "op": "nope"}}\n{"cmd": "stop"}\n'
    done = subprocess.run(
        [sys.executable, "-m", "agentparity_ref.participant"], input=requests, capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert json.loads(lines[0])["implementation"]["name"] == "agentparity_ref"
    assert json.loads(lines[1]) == {"seq": 1, "skipped": True, "reason": "op nope is not supported by agentparity_ref"}


def test_the_process_reads_requests_as_utf8_whatever_the_locale_says() -> None:
    env = _reference_env(PYTHONIOENCODING="latin-1")
    requests = '{"cmd": "start", "version": 1}\n{"cmd": "run", "seq": 1, "case": {"id": "é", "op": "normalize", "input": {"value": "日本😀"}}}\n'
    done = subprocess.run(
        [sys.executable, "-m", "agentparity_ref.participant"], input=requests.encode("utf-8"), capture_output=True, env=env, timeout=60
    )
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
    answer = json.loads(done.stdout.decode("ascii").splitlines()[1])
    assert answer["result"]["json"] == '"\\u65e5\\u672c\\ud83d\\ude00"'


def test_a_line_that_is_not_utf8_is_reported_and_the_next_one_answered() -> None:
    env = _reference_env()
    requests = b'{"cmd": "start", "version": 1}\n{"cmd": "run", "seq": 1, "case": {"id": "\xff"}}\n{"cmd": "run", "seq": 2, "case": {"id": "a/b/c", "op": "nope"}}\n'
    done = subprocess.run([sys.executable, "-m", "agentparity_ref.participant"], input=requests, capture_output=True, env=env, timeout=60)
    assert done.returncode == 0
    assert "not a UTF-8 line" in done.stderr.decode("utf-8")
    assert [json.loads(line).get("seq") for line in done.stdout.splitlines()[1:]] == [2]


def test_lines_from_a_descriptor_say_whether_another_is_ready() -> None:
    read_end, write_end = os.pipe()
    try:
        os.write(write_end, b'one\ntwo\nthr')
        lines = _fd_lines(read_end)
        assert next(lines) == (b"one", True)
        # The rest of the chunk is a partial line: it is ready, and its end is read when it comes.
        assert next(lines) == (b"two", True)
        os.write(write_end, b"ee\n")
        assert next(lines) == (b"three", False)
        # A line longer than a pipe holds comes in several chunks, written by another thread.
        writer = threading.Thread(target=lambda: (os.write(write_end, b"x" * 200_000 + b"\nlast"), os.close(write_end)))
        writer.start()
        assert next(lines) == (b"x" * 200_000, True)
        writer.join()
        assert list(lines) == [(b"last", False)]
    finally:
        os.close(read_end)


def test_an_op_module_is_imported_when_its_op_is_first_called_or_all_at_once() -> None:
    script = (
        "import sys\n"
        "from agentparity_ref.ops import OPS\n"
        "assert 'agentparity_ref.ops.plan' not in sys.modules and 'agentparity_ref.ops.normalize' not in sys.modules\n"
        "result = OPS['normalize']({'id': 'a/b/c', 'op': 'normalize', 'input': {'value': [1, 2]}})\n"
        "assert result['json'] == '[1,2]', result\n"
        "assert 'agentparity_ref.ops.normalize' in sys.modules and 'agentparity_ref.ops.plan' not in sys.modules\n"
        "from agentparity_ref.ops import import_op_modules\n"
        "import_op_modules()\n"
        "assert all(f'agentparity_ref.ops.{m}' in sys.modules for m in ('schema', 'dispatch', 'chat', 'run_agent', 'plan'))\n"
    )
    _run_script(script)


def test_the_process_freezes_what_its_imports_made_once_they_are_done() -> None:
    script = (
        "import gc, sys\n"
        "from agentparity_ref import ops\n"
        "from agentparity_ref.participant import _freeze\n"
        "assert gc.get_freeze_count() == 0\n"
        "ops.import_op_modules_in_background(then=_freeze)\n"
        "ops._background_import.join()\n"
        "assert 'agentparity_ref.ops.plan' in sys.modules\n"
        "assert gc.get_freeze_count() > 10_000, gc.get_freeze_count()\n"
        "assert gc.isenabled()\n"
    )
    _run_script(script)


def test_an_op_called_while_the_modules_are_imported_waits_for_the_whole_import() -> None:
    # Two threads importing modules that import each other can be handed half-made modules; the
    # import thread is slowed at its end here, so an op that did not wait would return first.
    script = (
        "import time\n"
        "from agentparity_ref import ops\n"
        "finished = []\n"
        "ops.import_op_modules_in_background(then=lambda: (time.sleep(0.5), finished.append(True)))\n"
        "result = ops.OPS['dispatch']({'id': 'a/b/c', 'op': 'dispatch', 'declaration': {'subagents': []},"
        " 'input': {'mode': 'serial', 'tool_calls': []}})\n"
        "assert finished == [True], 'the op ran before the import thread was done'\n"
    )
    _run_script(script)


def test_the_process_ends_only_once_the_import_thread_is_done() -> None:
    # A stop that comes while the op modules are still imported used to end the process with the
    # import thread inside pydantic-core's native code: an abort (exit 134) instead of exit 0.
    # The import thread is slowed at its end here, so a main that did not wait would return first.
    script = (
        "import io, sys, time\n"
        "from agentparity_ref import ops, participant\n"
        "finished = []\n"
        "real = ops.import_op_modules_in_background\n"
        "participant.import_op_modules_in_background = lambda then: real(then=lambda: (time.sleep(0.5), finished.append(True)))\n"
        "sys.stdin = io.StringIO('{\"cmd\": \"stop\"}\\n')\n"
        "assert participant.main() == 0\n"
        "assert finished == [True], 'main returned before the import thread was done'\n"
    )
    _run_script(script)
