"""The Python reference of the agentparity sub-agent runtime."""

__version__ = "0.1.0"
