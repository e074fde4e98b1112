"""The ``build_plan`` and ``load_plan`` ops.

``build_plan``: a YAML agents document (the case's ``declaration`` tree, or ``input.yaml`` text),
``input.agent`` naming the agent when there are several, ``input.source`` naming the file in
messages. ``load_plan``: ``input.plan``, plan JSON text. Both answer ``{"plan": <plan JSON text>}``,
or ``{"error": {kind, message, path?}}`` when the declaration or the plan is refused. Plans travel
as text, so neither side's JSON code walks them on the way.
"""

from __future__ import annotations

from typing import Any

import yaml

from ..errors import error_code
from ..plan import read_plan, write_plan
from ..plan.default_registry import DEFAULT_REGISTRY
from ..plan.yaml.read_agents_document import read_agents_document
from ..plan.yaml.yaml_plan_builder import build_yaml_plan
from ..pyjson.parse_yaml import load_yaml

_KINDS = ("RecursionError", "ValueError", "TypeError", "KeyError", "RuntimeError", "NotImplementedError")


def _input(case: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    """The op's own input; a malformed one is a harness error, not a refused declaration."""
    options = case.get("input") or {}
    if not isinstance(options, dict):
        raise ValueError(f"{case['op']} input must be an object, got {type(options).__name__}")
    unknown = [key for key in options if key not in keys]
    if unknown:
        raise ValueError(f"{case['op']} input has unknown keys {unknown}")
    for key in keys:
        if options.get(key) is not None and not isinstance(options[key], str):
            raise ValueError(f"{case['op']} input.{key} must be a string")
    return options


def _refused(error: Exception) -> dict[str, Any]:
    kind = next(k.__name__ for k in type(error).__mro__ if k.__name__ in _KINDS)
    refused: dict[str, Any] = {"kind": kind}
    code = error_code(error)
    if code is not None:
        refused["code"] = code
    refused["message"] = str(error)
    path = getattr(error, "path", None)
    if path is not None:
        refused["path"] = path
    return {"error": refused}


def build_plan(case: dict[str, Any]) -> dict[str, Any]:
    options = _input(case, ("yaml", "agent", "source"))
    source = options.get("source") or "<declaration>"
    try:
        if options.get("yaml") is not None:
            try:
                tree = load_yaml(options["yaml"])
            except yaml.YAMLError as error:
                raise ValueError(f"the YAML text cannot be read: {error}") from error
        else:
            tree = case.get("declaration")
        plan = build_yaml_plan(read_agents_document(tree, source), options.get("agent"), DEFAULT_REGISTRY)
    except (ValueError, TypeError, KeyError, RuntimeError) as error:
        return _refused(error)
    return {"plan": write_plan(plan)}


def load_plan(case: dict[str, Any]) -> dict[str, Any]:
    options = _input(case, ("plan",))
    if not isinstance(options.get("plan"), str):
        raise ValueError("load_plan input.plan must be plan JSON text")
    try:
        plan = read_plan(options["plan"], DEFAULT_REGISTRY)
    except (ValueError, TypeError, KeyError, RuntimeError) as error:
        return _refused(error)
    return {"plan": write_plan(plan)}
