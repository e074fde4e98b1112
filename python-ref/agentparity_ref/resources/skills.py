"""Where an agent's skills come from. Mirrors `src/resources/skills.ts`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .resource_type import ResourceType


class Skills:
    """Where an agent's skills come from, grouped by scheme (local paths, URLs, classpath, packages)."""

    resource_type = ResourceType.SKILLS

    def __init__(
        self,
        paths: Sequence[str] = (),
        urls: Sequence[str] = (),
        classpath: Sequence[str] = (),
        package: Sequence[Mapping[str, str]] = (),
    ) -> None:
        self.paths = list(paths)
        self.urls = list(urls)
        self.classpath = list(classpath)
        self.package = [{"package": p["package"], "resource": p["resource"]} for p in package]

    def to_json(self) -> dict[str, Any]:
        return {
            "paths": list(self.paths),
            "urls": list(self.urls),
            "classpath": list(self.classpath),
            "package": [dict(p) for p in self.package],
        }
