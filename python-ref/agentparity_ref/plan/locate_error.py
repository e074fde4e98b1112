"""Errors placed at the declaration they arose from. Mirrors `src/plan/locateError.ts`."""

from __future__ import annotations


def locate(error: Exception, site: str | None) -> Exception:
    """The error, at the place the failing entry was declared unless it already says where (a
    resource's constructor knows nothing of the plan or declaration it came from)."""
    if site is not None and getattr(error, "path", None) is None:
        error.path = site  # type: ignore[attr-defined]
    return error
