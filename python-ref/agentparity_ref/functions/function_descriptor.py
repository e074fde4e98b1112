"""Functions named by where they live, never by a reference to them.

Plans carry these, and reading a plan never loads what they name. Mirrors
`src/functions/functionDescriptor.ts`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

Language = Literal["python", "java", "typescript"]


@dataclass(frozen=True)
class PythonFunction:
    """A Python function. Declared in this process, it also carries its ``implementation``, so that
    the agent it belongs to can run; read from a plan, it is only named (reading a plan never
    imports a module)."""

    module: str
    qualname: str
    implementation: Callable[..., Any] | None = field(default=None, compare=False, repr=False)

    func_type: ClassVar[str] = "PythonFunction"
    language: ClassVar[Language] = "python"

    def to_json(self) -> dict[str, Any]:
        return {"func_type": self.func_type, "module": self.module, "qualname": self.qualname}


@dataclass(frozen=True)
class JavaFunction:
    qualname: str
    """The fully qualified name of the declaring class."""
    method_name: str
    parameter_types: tuple[str, ...]

    func_type: ClassVar[str] = "JavaFunction"
    language: ClassVar[Language] = "java"

    def to_json(self) -> dict[str, Any]:
        return {
            "func_type": self.func_type,
            "qualname": self.qualname,
            "method_name": self.method_name,
            "parameter_types": list(self.parameter_types),
        }


@dataclass(frozen=True)
class TypeScriptFunction:
    """A TypeScript function: ``module`` is a module specifier, ``qualname`` the export path inside it."""

    module: str
    qualname: str

    func_type: ClassVar[str] = "TypeScriptFunction"
    language: ClassVar[Language] = "typescript"

    def to_json(self) -> dict[str, Any]:
        return {"func_type": self.func_type, "module": self.module, "qualname": self.qualname}


FunctionDescriptor = PythonFunction | JavaFunction | TypeScriptFunction


def function_text(function: FunctionDescriptor) -> str:
    """A function as messages name it: ``module:qualname``, or ``Class#method`` for Java."""
    if isinstance(function, JavaFunction):
        return f"{function.qualname}#{function.method_name}"
    return f"{function.module}:{function.qualname}"
