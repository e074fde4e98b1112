"""Internal sub-agents in the local runner. Mirrors `src/runner/internal/`."""
