"""Chat messages, chat-model setups, callables and connections."""
