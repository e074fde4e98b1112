"""Resources named by their class and constructor arguments. Mirrors `src/resources/resourceDescriptor.ts`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..functions.function_descriptor import Language


class ResourceDescriptor:
    """A resource named by its class and constructor arguments, resolved when first needed.

    Naming a class never loads it. ``language`` is the language the class is written in; a plan
    says it through the provider kind.
    """

    def __init__(
        self,
        target_module: str,
        target_clazz: str,
        arguments: Mapping[str, Any] | None = None,
        language: Language = "python",
    ) -> None:
        self.target_module = target_module
        self.target_clazz = target_clazz
        self.arguments: dict[str, Any] = dict(arguments or {})
        self.language: Language = language

    @staticmethod
    def from_class_path(
        class_path: str, arguments: Mapping[str, Any] | None = None, language: Language = "python"
    ) -> ResourceDescriptor:
        """From a dotted class path (``pkg.module.Class``): the module is everything before the last dot."""
        module, _, clazz = class_path.rpartition(".")
        return ResourceDescriptor(module, clazz, arguments, language)

    def to_json(self) -> dict[str, Any]:
        return {"target_module": self.target_module, "target_clazz": self.target_clazz, "arguments": self.arguments}
