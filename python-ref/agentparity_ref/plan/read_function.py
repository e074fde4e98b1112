"""Function descriptors as a plan writes them. Mirrors `src/plan/readFunction.ts`."""

from __future__ import annotations

from ..functions.function_descriptor import FunctionDescriptor, JavaFunction, PythonFunction, TypeScriptFunction
from ..types.declaration_messages import quote
from .json_node import JsonNode
from .key_order import remember_key_order


_FUNCTION_FIELDS = {
    "PythonFunction": ("func_type", "module", "qualname"),
    "JavaFunction": ("func_type", "qualname", "method_name", "parameter_types"),
    "TypeScriptFunction": ("func_type", "module", "qualname"),
}


def read_function(node: JsonNode) -> FunctionDescriptor:
    """Reads a function descriptor (``exec``, a tool's ``func``): the kind first, then its fields."""
    obj = node.as_object()
    type_node = obj.required("func_type")
    func_type = type_node.as_string()
    if func_type not in _FUNCTION_FIELDS:
        type_node.fail("PLAN_FUNCTION_TYPE_UNKNOWN", f"unknown function type {quote(func_type)}")
    obj.allow_only(_FUNCTION_FIELDS[func_type])
    descriptor: FunctionDescriptor
    if func_type == "JavaFunction":
        descriptor = JavaFunction(
            obj.required("qualname").as_string(),
            obj.required("method_name").as_string(),
            tuple(obj.required("parameter_types").as_string_array()),
        )
    else:
        module = obj.required("module").as_string()
        qualname = obj.required("qualname").as_string()
        descriptor = PythonFunction(module, qualname) if func_type == "PythonFunction" else TypeScriptFunction(module, qualname)
    remember_key_order(descriptor, obj.keys)
    return descriptor
