"""The document's ``types:`` block, as the types of sub-agent setups declared in YAML. Mirrors
`src/plan/yaml/declaredSetups.ts`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...subagent.subagent_setup import SubagentSetup
from ...types.build_models import build_models, build_type
from ...types.declaration import DECLARATION_FORMAT, Declaration
from ...types.declaration_messages import DeclarationError
from ...types.read_declaration import read_declaration
from ...types.read_type_expr import read_type_expr_in
from ..internal_subagent_setup import make_setup, with_types
from .specs import SubagentSpec


def at_path(error: Exception, path: str) -> Exception:
    """The error, located at ``path`` unless it has a location of its own."""
    if getattr(error, "path", None) is None:
        error.path = path  # type: ignore[attr-defined]
    return error


@dataclass
class DeclaredTypes:
    """The document's ``types:`` block, and the pydantic models built from it (once)."""

    declaration: Declaration | None
    _classes: dict[str, type] | None = field(default=None)

    def resolve(self, tree: Any, path: str) -> Any:
        """The Python type a spec's ``input_type``/``result_type`` names: a model name or a type expression."""
        if tree is None:
            return object
        declaration = self.declaration or read_declaration({"format": DECLARATION_FORMAT})
        if isinstance(tree, str):
            # A model named by itself: a problem with it is where the name is written.
            try:
                expr = read_type_expr_in(declaration, {"type": "model", "name": tree}, path)
            except DeclarationError as error:
                raise DeclarationError(error.message, path, code=error.code) from error
        else:
            expr = read_type_expr_in(declaration, tree, path)
        if self._classes is None:
            self._classes = build_models(declaration)
        return build_type(expr, self._classes)

    @property
    def mode(self) -> Any:
        return (self.declaration.mode if self.declaration else None) or "validation"


def declared_setup(spec: SubagentSpec, types: DeclaredTypes, base: type[SubagentSetup], **fields: Any) -> SubagentSetup:
    input_type = types.resolve(spec.input_type, f"{spec.path}.input_type")
    result_type = types.resolve(spec.result_type, f"{spec.path}.result_type")
    setup_class = base if input_type is object and result_type is object else with_types(base, input_type, result_type, types.mode)
    metadata = {"description": spec.description or "", "input_schema": spec.input_schema}
    try:
        return make_setup(setup_class, **metadata, **fields)
    except ValueError as error:
        raise at_path(error, f"{spec.path}.input_schema") from None
    except TypeError as error:
        raise at_path(error, f"{spec.path}.input_type") from None
