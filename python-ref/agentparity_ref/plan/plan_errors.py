"""Errors of building a plan. Mirrors `src/plan/planErrors.ts`."""

from __future__ import annotations

from ..errors import AgentparityError


class PlanBuildError(AgentparityError, RuntimeError):
    """A plan that cannot be built as declared, such as two actions of one name."""
