"""Tools backed by a named function. Mirrors `src/tools/functionTool.ts`."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from pydantic import create_model

from ..functions.function_descriptor import FunctionDescriptor
from .tool import Tool, ToolType
from .tool_metadata import ToolMetadata


class FunctionTool(Tool):
    """A tool backed by a function named by a descriptor.

    The metadata is absent when the function was only named (a YAML declaration): the plan never
    loads a function to inspect it.
    """

    tool_type: ToolType = "function"

    def __init__(
        self,
        name: str,
        func: FunctionDescriptor,
        metadata: ToolMetadata | None = None,
        injected_args: dict[str, Any] | None = None,
    ) -> None:
        self._name = name
        self.func = func
        self.metadata = metadata
        self.injected_args = dict(injected_args or {})
        """Parameters the framework fills in (``{name: {"source", "key"}}``); the model never sees them."""

    @property
    def name(self) -> str:
        return self._name

    def to_json(self) -> dict[str, Any]:
        fields: dict[str, Any] = {
            "name": self._name,
            "metadata": None if self.metadata is None else self.metadata.to_json(),
            "func": self.func.to_json(),
        }
        if self.injected_args:
            fields["injected_args"] = self.injected_args
        return fields


def tool_metadata_of(name: str, func: Callable[..., Any]) -> ToolMetadata:
    """The metadata of a Python function used as a tool: its docstring, and its parameters as pydantic renders them."""
    fields: dict[str, Any] = {}
    for parameter in inspect.signature(func).parameters.values():
        annotation = Any if parameter.annotation is inspect.Parameter.empty else parameter.annotation
        default = ... if parameter.default is inspect.Parameter.empty else parameter.default
        fields[parameter.name] = (annotation, default)
    schema = create_model(name, **fields).model_json_schema()
    return ToolMetadata(name, inspect.getdoc(func) or "", schema)
