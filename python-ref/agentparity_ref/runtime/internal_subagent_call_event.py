"""The envelope of an event inside an internal sub-agent's scope. Mirrors `src/runtime/internalSubagentCallEvent.ts`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from .events import Event, _new_id

INTERNAL_SUBAGENT_CALL_EVENT = "InternalSubagentCallEvent"


@dataclass
class InternalSubagentCallEvent(Event):
    """Upstream `InternalSubagentCallEvent`: its attributes name the call and carry the delegate's
    type and attributes, so that a replayed call reproduces them and two calls differ. Child
    actions match and receive the delegate, never the envelope."""

    type: ClassVar[str] = INTERNAL_SUBAGENT_CALL_EVENT
    delegate: Event
    target_scope: str
    call_id: str
    session_id: str
    id: str = field(default_factory=_new_id)

    def attributes(self) -> dict[str, Any]:
        return {
            "targetScope": self.target_scope,
            "callId": self.call_id,
            "sessionId": self.session_id,
            "delegateType": self.delegate.type,
            "delegateAttributes": self.delegate.attributes(),
        }
