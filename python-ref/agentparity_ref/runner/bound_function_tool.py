"""A function tool read from a plan, bound to a function of the runner. Mirrors `src/runner/boundFunctionTool.ts`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..tools.function_tool import FunctionTool


class BoundFunctionTool(FunctionTool):
    """Called through the function the runner binds to it (one of its named functions, or a
    refusal that says where in the plan the tool is); described and written as the tool it stands for."""

    def __init__(self, tool: FunctionTool, bound: Callable[..., Any]) -> None:
        super().__init__(tool.name, tool.func, tool.metadata, tool.injected_args)
        self._bound = bound

    def call(self, args: dict[str, Any]) -> Any:
        return self._bound(**args)
