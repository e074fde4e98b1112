"""The scripted world of op `run_internal`: the step vocabulary of scripted actions, and a store
that can be copied as a killed process would have left it. Mirrors `conformance/areas/internal/`."""
