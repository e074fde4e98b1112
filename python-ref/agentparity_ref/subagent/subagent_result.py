"""What a sub-agent call came to. Mirrors `src/subagent/subagentResult.ts`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import AgentparityError, builtin_kind


class SubagentFailure(AgentparityError, RuntimeError):
    """The failure a failed result stands for, carrying its message."""


@dataclass
class SubagentResult:
    """What a sub-agent call came to: a result, or a failure with a message."""

    success: bool
    result: Any = None
    error_message: str | None = None

    @classmethod
    def ok(cls, result: Any = None) -> SubagentResult:
        return cls(success=True, result=result)

    @classmethod
    def error(cls, error: BaseException | str | None) -> SubagentResult:
        """A failure; an exception is summarized as `TypeName: message`, a string kept verbatim."""
        if isinstance(error, BaseException):
            message: str | None = f"{builtin_kind(error)}: {error}"
        else:
            message = error
        return cls(success=False, error_message=message)

    @property
    def exception(self) -> RuntimeError | None:
        return None if self.success else SubagentFailure(self.error_message, code="SUBAGENT_FAILED")
