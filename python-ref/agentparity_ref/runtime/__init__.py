"""Events, runner context, durable execution and its stores, the local runner."""
