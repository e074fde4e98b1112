"""The package layout: one package per `src/` folder, each re-exporting its public API, each
importable first (no package loads another lazily: `test_import_cycles` keeps the graph acyclic)."""

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGES = ("actions", "chat", "codec", "functions", "mcp", "plan", "pyjson", "resources", "runner", "runtime", "setups", "subagent", "tools", "types")
ROOT = Path(__file__).resolve().parents[1]


# An import cycle shows up only when a package is the first of ours to load: each is imported
# after every module of the package has been forgotten, in an interpreter of its own.
FIRST_IMPORTS = """
import importlib, json, sys
failures = {}
for name in sys.argv[1:]:
    for loaded in [m for m in sys.modules if m == "agentparity_ref" or m.startswith("agentparity_ref.")]:
        del sys.modules[loaded]
    try:
        importlib.import_module("agentparity_ref." + name)
    except Exception as error:
        failures[name] = f"{type(error).__name__}: {error}"
print(json.dumps(failures))
"""


def test_each_package_can_be_imported_before_any_other() -> None:
    names = [*PACKAGES, "participant", "plan.yaml", "ops", "kit"]
    done = subprocess.run([sys.executable, "-c", FIRST_IMPORTS, *names], cwd=ROOT, capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == {}


@pytest.mark.parametrize("package", PACKAGES)
def test_every_name_a_package_exports_resolves(package: str) -> None:
    module = importlib.import_module(f"agentparity_ref.{package}")
    missing = [name for name in module.__all__ if getattr(module, name, None) is None]
    assert missing == []


def test_the_public_api_is_reached_through_its_package() -> None:
    from agentparity_ref.actions import normalize_result
    from agentparity_ref.plan import action, build_plan
    from agentparity_ref.runner import LocalRunner
    from agentparity_ref.subagent import SubagentSetup
    from agentparity_ref.setups import HttpSubagentSetup
    from agentparity_ref.types import read_declaration

    assert [f.__module__ for f in (normalize_result, build_plan, read_declaration)] == [
        "agentparity_ref.actions.normalize_result",
        "agentparity_ref.plan.build_plan",
        "agentparity_ref.types.read_declaration",
    ]
    # `plan.action` is also a module name: the package hands out the decorator.
    assert action.__module__ == "agentparity_ref.plan.agent"
    assert issubclass(HttpSubagentSetup, SubagentSetup) and LocalRunner.__module__ == "agentparity_ref.runner.local_runner"
