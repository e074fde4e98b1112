"""An error's code is optional in the protocol: an `expect` that states none compares without it."""

from typing import Any


def without_unstated_code(actual: Any, expected: Any) -> Any:
    """`actual` without the `code` of each error object, at any depth, whose `expected` counterpart states none."""
    if isinstance(actual, list) and isinstance(expected, list) and len(actual) == len(expected):
        return [without_unstated_code(a, e) for a, e in zip(actual, expected)]
    if not isinstance(actual, dict) or not isinstance(expected, dict):
        return actual
    kept = {key: value for key, value in actual.items() if key != "code" or "code" in expected or "message" not in actual}
    return {key: without_unstated_code(value, expected[key]) if key in expected else value for key, value in kept.items()}
