"""Short-term and sensory memory. Mirrors `src/runtime/memory/`."""
