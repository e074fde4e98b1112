"""The `derive_schema` op: a declaration and a sub-agent's options in, the setup's metadata out.

Input `{input_type?, input_schema?, description?}`: a missing `input_type` means the declaration's
root model, `null` means `object`. The result is what the setup dumps, `{description,
input_schema}`, or `{error: {kind, message, path?}}` when the declaration or the setup is refused.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from ..errors import error_code
from ..subagent.subagent_setup import SubagentSetup, declared_setup
from ..types import build_models, read_declaration
from ..types.build_models import build_type
from ..types.declaration_messages import DeclarationError
from ..types.read_type_expr import read_type_expr_in
from ..types.render_schema import root_model

_INPUT_KEYS = ("input_type", "input_schema", "description")


def _read_input(tree: Any) -> dict[str, Any]:
    """The op's own input; a malformed one is a harness error, not a refused declaration."""
    options = {} if tree is None else tree
    if not isinstance(options, dict):
        raise ValueError(f"derive_schema input must be an object, got {type(options).__name__}")
    unknown = [key for key in options if key not in _INPUT_KEYS]
    if unknown:
        raise ValueError(f"derive_schema input has unknown keys {unknown}")
    if not isinstance(options.get("description", ""), str):
        raise ValueError("derive_schema input.description must be a string")
    if not isinstance(options.get("input_schema"), (str, type(None))):
        raise ValueError("derive_schema input.input_schema must be a string or null")
    return options


def _error(kind: str, message: str, path: str | None = None, code: str | None = None) -> dict[str, Any]:
    error: dict[str, Any] = {"kind": kind} if code is None else {"kind": kind, "code": code}
    error["message"] = message
    if path is not None:
        error["path"] = path
    return {"error": error}


# The input type the op's setup classes give, set for each case. A pydantic class built per case
# would cost a tenth of the op; the setup class holds nothing else of the case.
_input_type: list[Any] = [object]
_setup_classes: dict[str, type[SubagentSetup]] = {}


def _setup_class(input_type: Any, mode: str) -> type[SubagentSetup]:
    """What `declared_setup(input_type, schema_mode=mode)` makes, one class per mode."""
    setup_class = _setup_classes.get(mode)
    if setup_class is None:
        base = declared_setup(schema_mode=mode)  # type: ignore[arg-type]
        namespace = {"__module__": base.__module__, "__qualname__": base.__qualname__, "input_type": classmethod(lambda cls: _input_type[0])}
        setup_class = _setup_classes[mode] = type(base.__name__, (base,), namespace)
    _input_type[0] = input_type
    return setup_class


def derive_schema(case: dict[str, Any]) -> dict[str, Any]:
    options = _read_input(case.get("input"))
    try:
        declaration = read_declaration(case.get("declaration"))
        classes = build_models(declaration)
        if "input_type" not in options:
            input_type: Any = classes[root_model(declaration)]
        elif options["input_type"] is None:
            input_type = object
        else:
            input_type = build_type(read_type_expr_in(declaration, options["input_type"], "input.input_type"), classes)
    except DeclarationError as error:
        return _error("ValueError", error.message, error.path, error_code(error))
    setup_class = _setup_class(input_type, declaration.mode or "validation")
    arguments = {key: options[key] for key in ("description", "input_schema") if key in options}
    try:
        setup = setup_class(**arguments)
    except ValidationError as error:
        # pydantic wraps the blank-schema ValueError; both languages report the ValueError itself.
        inner = error.errors()[0].get("ctx", {}).get("error")
        if isinstance(inner, ValueError):
            return _error("ValueError", str(inner), code=error_code(inner))
        raise
    except TypeError as error:
        return _error("TypeError", str(error), code=error_code(error))
    return {"description": setup.description, "input_schema": setup.input_schema}
