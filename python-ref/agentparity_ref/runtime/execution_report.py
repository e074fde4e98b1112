"""What the tool-call action reports about each call (reference §4.8)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Literal

ReportScope = Literal["SUBAGENT", "TOOL"]
ReportStatus = Literal["created", "started", "succeeded", "failed"]


@dataclass(frozen=True)
class ExecutionReport:
    """A resolved delegation under scope SUBAGENT and the registered name without the prefix,
    anything else under scope TOOL and the name the model called. Failures carry the problem
    category `TOOL_CALL_FAILED`."""

    scope: ReportScope
    name: str
    status: ReportStatus
    at: str
    """ISO 8601 in UTC with a `Z`, stamped by the context."""
    category: Literal["TOOL_CALL_FAILED"] | None = None


def stamp_report(scope: ReportScope, name: str, status: ReportStatus) -> ExecutionReport:
    at = datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")
    return ExecutionReport(scope, name, status, at, "TOOL_CALL_FAILED" if status == "failed" else None)
