"""The upstream test vectors under test/fixtures/upstream (read-only)."""

from pathlib import Path

UPSTREAM = Path(__file__).resolve().parents[2] / "test" / "fixtures" / "upstream"
MCP_SERVER_SCRIPT = Path(__file__).resolve().parents[2] / "test" / "fixtures" / "mcp" / "server.mjs"

UPSTREAM_PLANS = (
    "plan/src/test/resources/agent_plans/agent_plan.json",
    "plan/src/test/resources/agent_plans/agent_plan_with_python_resource_providers.json",
    "python/flink_agents/plan/tests/resources/agent_plan.json",
    "e2e-test/cross-language-agent-plan-snapshots/java/agent_plan_with_python_action.json",
    "e2e-test/cross-language-agent-plan-snapshots/python/agent_plan_with_java_action.json",
)


def upstream_text(path: str) -> str:
    return (UPSTREAM / path).read_text(encoding="utf-8")
