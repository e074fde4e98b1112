import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../fixtures/upstream/', import.meta.url));

/** The text of an upstream test vector, by its path in the upstream repository. */
export const upstreamText = (path: string): string => readFileSync(`${root}${path}`, 'utf8');

/** Every whole plan among the upstream vectors: the Java and Python layouts, and the cross-language snapshots. */
export const UPSTREAM_PLANS: readonly string[] = [
  'plan/src/test/resources/agent_plans/agent_plan.json',
  'plan/src/test/resources/agent_plans/agent_plan_with_python_resource_providers.json',
  'python/flink_agents/plan/tests/resources/agent_plan.json',
  'e2e-test/cross-language-agent-plan-snapshots/java/agent_plan_with_python_action.json',
  'e2e-test/cross-language-agent-plan-snapshots/python/agent_plan_with_java_action.json',
];
