"""The prefix of sub-agent callables. Mirrors `src/subagent/callableNamePrefix.ts`."""

CALLABLE_NAME_PREFIX = "_subagent_"
"""Prefixed to a sub-agent's name to name the callable a chat model sees."""
