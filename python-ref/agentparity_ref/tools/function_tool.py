"""Tools backed by a named function. Mirrors `src/tools/functionTool.ts`."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from pydantic import create_model

from ..functions.function_descriptor import FunctionDescriptor, PythonFunction, function_text
from .tool import Tool, ToolType
from .tool_metadata import ToolMetadata
from ..errors import NotSupportedError


class FunctionTool(Tool):
    """A tool backed by a function named by a descriptor (upstream ``FunctionTool``): a plan
    serializes it by name, and the runtime calls it.

    The metadata is absent when the function was only named (a YAML declaration): the plan never
    loads a function to inspect it. Only a Python function declared in this process can be called;
    one read from a plan, or of another language, is refused when called, and dispatch answers
    that as the tool's failure.
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

    @staticmethod
    def from_callable(
        func: Callable[..., Any],
        name: str | None = None,
        description: str | None = None,
        args_schema: dict[str, Any] | None = None,
    ) -> FunctionTool:
        """A tool of a Python function: named after it, described by its docstring and its
        parameters as pydantic renders them, unless given."""
        tool_name = name if name is not None else func.__name__
        derived = tool_metadata_of(tool_name, func)
        metadata = ToolMetadata(
            tool_name,
            description if description is not None else derived.description,
            args_schema if args_schema is not None else derived.args_schema,
        )
        return FunctionTool(tool_name, PythonFunction(func.__module__, func.__qualname__, func), metadata)

    @property
    def name(self) -> str:
        return self._name

    def call(self, args: dict[str, Any]) -> Any:
        """Calls the function with the model's arguments as keyword arguments (as upstream does)."""
        implementation = self.func.implementation if isinstance(self.func, PythonFunction) else None
        if implementation is None:
            message = f"Tool {self._name} runs {function_text(self.func)}, which has no implementation in this process."
            raise NotSupportedError(message, code="TOOL_FUNCTION_NOT_IMPLEMENTED")
        return implementation(**args)

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
