"""SubagentSetup, SubagentResult and SubagentFuture(s): the upstream contracts of reference §1
and the tests of §6.7, in our words."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any, Callable

import pytest
from pydantic import BaseModel, ValidationError

from agentparity_ref.subagent import (
    CALLABLE_NAME_PREFIX,
    SubagentFuture,
    SubagentFutures,
    SubagentResult,
    SubagentSetup,
    declared_setup,
)
from agentparity_ref.types import build_models, build_type, read_declaration, read_type_expr_in

FIXTURES = Path(__file__).resolve().parents[2] / "test/fixtures"


class Typed(BaseModel):
    path: str
    lines: int = 0
    payload: bytes


class Nested(BaseModel):
    name: str
    count: int = 0
    blob: bytes


class Outer(BaseModel):
    id: str
    nested: Nested


class Unrenderable(BaseModel):
    run: Callable[..., Any]


def test_the_callable_prefix() -> None:
    assert CALLABLE_NAME_PREFIX == "_subagent_"


def test_a_setup_that_declares_nothing_has_no_input_shape() -> None:
    setup = SubagentSetup()
    assert setup.description == ""
    assert SubagentSetup.input_type() is object and SubagentSetup.result_type() is object
    assert setup.input_schema is None


def test_declared_metadata_is_kept_verbatim() -> None:
    # An explicit schema is not parsed: even text that is not JSON is kept as written.
    setup = SubagentSetup(description="Reviews a file.", input_schema="{not json")
    assert (setup.description, setup.input_schema) == ("Reviews a file.", "{not json")


@pytest.mark.parametrize("blank", ["", "   ", "\n\t", "\x1c\x85\u3000"])
def test_a_blank_input_schema_is_refused(blank: str) -> None:
    with pytest.raises(ValidationError, match="input schema must not be blank") as caught:
        SubagentSetup(input_schema=blank)
    inner = caught.value.errors()[0]["ctx"]["error"]
    assert isinstance(inner, ValueError) and str(inner) == "Sub-agent input schema must not be blank."


def test_a_byte_order_mark_is_not_blank() -> None:
    assert SubagentSetup(input_schema="\ufeff").input_schema == "\ufeff"


def test_an_input_type_is_rendered_as_the_input_schema() -> None:
    schema = json.loads(declared_setup(Typed)().input_schema or "")
    assert set(schema["required"]) == {"path", "payload"}
    assert schema["properties"]["path"]["type"] == "string"
    assert schema["properties"]["lines"] == {"default": 0, "title": "Lines", "type": "integer"}
    assert schema["properties"]["payload"] == {"format": "binary", "title": "Payload", "type": "string"}


def test_the_derived_schema_is_json_dumps_with_default_separators() -> None:
    text = declared_setup(Typed)().input_schema
    assert text == json.dumps(Typed.model_json_schema())
    assert text is not None and '", "' in text and '": ' in text


def test_a_nested_object_carries_its_own_required_and_binary() -> None:
    schema = json.loads(declared_setup(Outer)().input_schema or "")
    assert set(schema["required"]) == {"id", "nested"}
    nested = schema["$defs"]["Nested"]
    assert set(nested["required"]) == {"name", "blob"}
    assert nested["properties"]["count"]["type"] == "integer"
    assert nested["properties"]["blob"] == {"format": "binary", "title": "Blob", "type": "string"}


def test_an_explicit_input_schema_wins_over_the_input_type() -> None:
    assert declared_setup(Typed)(input_schema='{"type": "object"}').input_schema == '{"type": "object"}'
    # Not even an unrenderable type is consulted.
    assert declared_setup(Unrenderable)(input_schema="{}").input_schema == "{}"


@pytest.mark.parametrize(
    ("input_type", "printed"),
    [(int, "<class 'int'>"), (list[int], "list[int]"), (dict, "<class 'dict'>"), (None, "None")],
)
def test_an_input_type_that_is_not_a_model_is_refused(input_type: Any, printed: str) -> None:
    with pytest.raises(TypeError) as caught:
        declared_setup(input_type)()
    assert str(caught.value) == (
        f"Sub-agent input type {printed} is not supported. "
        "Declare a pydantic BaseModel, or declare an input schema explicitly."
    )


def test_a_model_that_cannot_be_rendered_is_refused_with_the_remedy() -> None:
    with pytest.raises(TypeError) as caught:
        declared_setup(Unrenderable)()
    assert str(caught.value) == (
        f"Sub-agent input type {__name__}.Unrenderable cannot be rendered as a JSON Schema, so it cannot be "
        "declared to a chat model. Declare an input schema explicitly, or use an input type whose fields are all "
        "JSON-Schema-renderable. Rendering it reported: Cannot generate a JsonSchema for core_schema.CallableSchema"
        "\n\nFor further information visit https://errors.pydantic.dev/2.13/u/invalid-for-json-schema"
    )


def test_the_declared_types_stay_out_of_the_plan_json() -> None:
    dumped = declared_setup(Typed, Nested)(description="d").model_dump()
    assert set(dumped) == {"description", "input_schema"}
    assert "input_type" not in dumped and "result_type" not in dumped


def test_a_derived_input_schema_is_carried_by_the_plan_json() -> None:
    dumped = declared_setup(Typed)().model_dump()
    assert json.loads(dumped["input_schema"])["type"] == "object"


def test_the_metadata_serializes_under_the_cross_language_keys() -> None:
    dumped = json.loads(SubagentSetup(description="d", input_schema="{}").model_dump_json())
    assert dumped == {"description": "d", "input_schema": "{}"}
    assert "inputSchema" not in dumped


def test_declared_setup_returns_the_given_types() -> None:
    setup_class = declared_setup(Typed, Nested)
    assert setup_class.input_type() is Typed and setup_class.result_type() is Nested
    assert issubclass(setup_class, SubagentSetup)


def test_a_declared_setup_renders_in_the_declarations_mode() -> None:
    declaration = read_declaration(
        {
            "format": "pydantic-neutral-declaration/1",
            "mode": "serialization",
            "root": "Price",
            "models": [{"name": "Price", "fields": [{"name": "amount", "type": {"type": "decimal"}, "required": True}]}],
        }
    )
    price = build_models(declaration)["Price"]
    setup = declared_setup(price, schema_mode="serialization")()
    assert json.loads(setup.input_schema or "")["properties"]["amount"] == {
        "pattern": "^(?!^[-+.]*$)[+-]?0*\\d*\\.?\\d*$",
        "title": "Amount",
        "type": "string",
    }


def test_types_print_as_the_typescript_side_expects() -> None:
    # test/fixtures/pythonTypeRepr.json is what src/subagent/pythonTypeRepr.ts must print.
    table = json.loads((FIXTURES / "pythonTypeRepr.json").read_text(encoding="utf-8"))
    declaration = read_declaration(table["declaration"])
    classes = build_models(declaration)
    for case in table["cases"]:
        built = build_type(read_type_expr_in(declaration, case["expr"], "$"), classes)
        assert f"{built}" == case["python"], case["expr"]


# --- SubagentResult ---------------------------------------------------------------------------


def test_ok_carries_the_result() -> None:
    result = SubagentResult.ok({"verdict": "approved"})
    assert (result.success, result.result, result.error_message, result.exception) == (True, {"verdict": "approved"}, None, None)


def test_an_exception_is_summarized_with_its_class_name() -> None:
    result = SubagentResult.error(RuntimeError("boom"))
    assert (result.success, result.result, result.error_message) == (False, None, "RuntimeError: boom")
    assert isinstance(result.exception, RuntimeError) and str(result.exception) == "RuntimeError: boom"


def test_a_message_is_kept_verbatim_and_none_gives_no_message() -> None:
    assert SubagentResult.error("upstream refused").error_message == "upstream refused"
    assert SubagentResult.error(None).error_message is None
    assert SubagentResult.error(KeyError("k")).error_message == "KeyError: 'k'"


# --- SubagentFuture(s) ------------------------------------------------------------------------


class Scripted(SubagentFuture):
    """A future that resolves after `delay` seconds with `result`, recording what happened."""

    def __init__(self, session_id: str, call_id: str, result: SubagentResult, delay: float = 0.0) -> None:
        super().__init__(session_id, call_id)
        self._result = result
        self._delay = delay
        self.finished = False
        self.cancelled = False

    def done(self) -> bool:
        return self.finished

    def cancel(self) -> None:
        self.cancelled = True

    async def wait(self) -> SubagentResult:
        await asyncio.sleep(self._delay)
        self.finished = True
        return self._result


class Bare(SubagentFuture):
    def done(self) -> bool:
        return False

    async def wait(self) -> SubagentResult:
        return SubagentResult.ok()


def test_a_future_names_its_call() -> None:
    future = Bare("sid-1", "sid-1-1")
    assert (future.session_id, future.call_id, future.identity) == ("sid-1", "sid-1-1", "sid-1#sid-1-1")


def test_cancel_does_nothing_by_default() -> None:
    future = Bare("s", "c")
    future.cancel()
    assert asyncio.run(_await(future)) == SubagentResult.ok()


async def _await(awaitable: Any) -> Any:
    return await awaitable


def test_futures_resolve_in_the_order_added_whatever_order_they_finish() -> None:
    slow = Scripted("s", "1", SubagentResult.ok("slow"), delay=0.02)
    fast = Scripted("s", "2", SubagentResult.error("failed fast"))
    third = Scripted("s", "3", SubagentResult.ok(3))
    futures = slow.combine(fast).combine(SubagentFutures(third))
    assert [future.call_id for future in futures] == ["1", "2", "3"]
    assert not futures.done()
    results = asyncio.run(_await(futures))
    assert [(r.success, r.result, r.error_message) for r in results] == [
        (True, "slow", None),
        (False, None, "failed fast"),
        (True, 3, None),
    ]
    assert futures.done()


def test_combine_leaves_the_original_alone_and_cancel_reaches_every_handle() -> None:
    first, second = Scripted("s", "1", SubagentResult.ok()), Scripted("s", "2", SubagentResult.ok())
    alone = SubagentFutures(first)
    both = alone.combine(second)
    assert len(alone) == 1 and len(both) == 2
    both.cancel()
    assert first.cancelled and second.cancelled


def test_no_futures_are_done_and_resolve_to_nothing() -> None:
    assert SubagentFutures().done()
    assert asyncio.run(_await(SubagentFutures())) == []
