"""The serve loop of the reference participant, for any set of ops (mirrors `conformance/kit/serveParticipant.ts`)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import Any

from ..participant import FEATURES, Implementation, Participant
from ..participant import serve as serve_lines

Op = Callable[[dict[str, Any]], dict[str, Any]]


def serve(
    ops: Mapping[str, Op],
    *,
    name: str,
    version: str,
    language: str = "python",
    features: tuple[str, ...] = FEATURES,
    libraries: tuple[str, ...] = (),
) -> int:
    """Answers the protocol on stdin and stdout until `stop` or end of input; returns the exit code.

    The loop does the framing, `start` (listing `ops` and `features`; `declaration_key` is
    handled here, an op never sees the key), `stop`, `seq`, and the malformed requests. A case
    whose op is not in `ops` is answered `skipped`; an op that raises `Skip` is `skipped` with
    its reason; any other exception is `errored` with its traceback. `libraries` names the
    installed distributions whose versions decide the results (`pydantic`), reported in `start`.
    """
    participant = Participant(ops, Implementation(name, version, language, features=features, libraries=libraries))
    return serve_lines(participant, sys.stdin, sys.stdout, sys.stderr)
