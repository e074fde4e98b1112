"""Functions named by where they live, never by a reference to them. Mirrors `src/functions/`."""

from .function_descriptor import (
    FunctionDescriptor,
    JavaFunction,
    Language,
    PythonFunction,
    TypeScriptFunction,
    function_text,
)

__all__ = ["FunctionDescriptor", "JavaFunction", "Language", "PythonFunction", "TypeScriptFunction", "function_text"]
