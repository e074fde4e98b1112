"""A deliberately naive, independent implementation of `normalize` and `render_content`.

It stands for a team's own Python implementation joining the harness: the standard `json`
module, a recursive walk, no cycle guard. Only the protocol plumbing comes from the kit
(`agentparity_ref.kit`); the behaviour is written here from docs/protocol.md. Its known
divergences from the reference (cycles, depth) are listed in known-divergences.yaml.

Run: PYTHONPATH=python-ref python3 examples/participants/plain-python/participant.py
"""

from __future__ import annotations

import hashlib
import json
import math
from typing import Any

from agentparity_ref import kit

ROOT = "result"
RENDERABLE = (type(None), bool, str, int, float, dict, list, tuple)


def refused(kind: type[Exception], message: str, path: str) -> Exception:
    """An error the result reports, carrying its path (what `kit.error_result` reads)."""
    error = kind(message)
    error.path = path  # type: ignore[attr-defined]
    return error


def walk(value: Any, path: str) -> Any:
    """`value` as plain JSON data, refusing what JSON cannot express at the path it is found."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, int):
        return int.__int__(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise refused(ValueError, f"Non-finite number in sub-agent result at {path}", path)
        return float.__float__(value)
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise refused(TypeError, f"Map keys in sub-agent result must be strings at {path}", path)
            key = str.__str__(key)
            out[key] = walk(item, f"{path}.{key}")
        return out
    if isinstance(value, (list, tuple)):
        return [walk(item, f"{path}[{index}]") for index, item in enumerate(value)]
    raise refused(TypeError, f"Sub-agent result must be JSON-compatible at {path}, found {type(value).__name__}", path)


def content_of(value: Any) -> str:
    """The text a model reads for a value."""
    if value is None:
        return "null"
    if isinstance(value, (bool, dict, list, tuple)):
        return json.dumps(value, separators=(",", ":"), allow_nan=False)
    return str(value)


def decoded(case: dict[str, Any]) -> tuple[Any, dict[str, type]]:
    models = kit.declared_models(case.get("declaration"))
    try:
        return kit.decode_value(case["input"]["value"], models), models
    except kit.TypeScriptOnlyValue as error:
        raise kit.Skip(str(error)) from error


def normalize(case: dict[str, Any]) -> dict[str, Any]:
    value, models = decoded(case)
    type_name = case["input"].get("result_type")
    try:
        if type_name is not None:
            value = models[type_name].model_validate(value).model_dump(mode="json")
        value = walk(value, ROOT)
        content = content_of(value)
        text = content if isinstance(value, (bool, dict, list)) else json.dumps(value, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError, NotImplementedError, OverflowError) as error:
        return kit.error_result(error)
    return {"json": text, "content": content, "json_sha256": hashlib.sha256(text.encode("utf-8")).hexdigest()}


def render_content(case: dict[str, Any]) -> dict[str, Any]:
    value, _ = decoded(case)
    if not isinstance(value, RENDERABLE):
        raise kit.Skip(f"rendering a {type(value).__name__} falls back to str(), whose text is language-specific")
    try:
        return {"content": content_of(value)}
    except (TypeError, ValueError, RecursionError) as error:
        return kit.error_result(error)


if __name__ == "__main__":
    ops = {"normalize": normalize, "render_content": render_content}
    raise SystemExit(kit.serve(ops, name="plain-python", version="0.1.0", libraries=("pydantic",)))
