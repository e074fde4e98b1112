import { describe, expect, it } from 'vitest';
import { parsePyJson } from '../../../../src/json/parsePyJson.js';
import type { PyJson } from '../../../../src/json/pyJson.js';
import { writePyJson } from '../../../../src/json/writePyJson.js';
import { ClassRegistry } from '../../../../src/plan/classRegistry.js';
import { diffPlans } from '../../../../src/plan/diff/diffPlans.js';
import { readPlan } from '../../../../src/plan/readPlan.js';
import { UPSTREAM_PLANS, upstreamText } from '../upstreamVectors.js';

const asData = (value: PyJson) => readPlan(value, { registry: new ClassRegistry(), language: null });
const plan = (text: string) => asData(parsePyJson(text));

/** A deep copy of a parsed plan with one value replaced, found by its path of keys. */
const withValue = (root: PyJson, path: readonly (string | number)[], value: PyJson): PyJson => {
  const copy = parsePyJson(writePyJson(root));
  let node = copy as Map<string, PyJson> | PyJson[];
  for (const key of path.slice(0, -1)) node = (node instanceof Map ? node.get(key as string) : node[key as number]) as Map<string, PyJson>;
  const last = path[path.length - 1]!;
  if (node instanceof Map) node.set(last as string, value);
  else node[last as number] = value;
  return copy;
};

describe('plan/diff/diffPlans', () => {
  it.each(UPSTREAM_PLANS)('finds %s equivalent to itself', (path) => {
    expect(diffPlans(plan(upstreamText(path)), plan(upstreamText(path))).differences).toEqual([]);
  });

  it('names the pointer of one changed resource argument', () => {
    const original = parsePyJson(upstreamText('python/flink_agents/plan/tests/resources/agent_plan.json'));
    const changed = withValue(original, ['resource_providers', 'chat_model', 'mock', 'descriptor', 'arguments', 'host'], '8.8.4.4');
    expect(diffPlans(asData(original), asData(changed)).differences).toEqual([
      { pointer: '/resource_providers/chat_model/mock/descriptor/arguments/host', message: '"8.8.8.8" in A, "8.8.4.4" in B' },
    ]);
  });

  it('names the pointer of a changed argument in the older layout Java reads', () => {
    const original = parsePyJson(upstreamText('plan/src/test/resources/agent_plans/agent_plan_with_python_resource_providers.json'));
    const changed = withValue(original, ['resource_providers', 'chat_model', 'chat_model', 'kwargs', 'tools', 0], 'multiply');
    expect(diffPlans(asData(original), asData(changed)).differences).toEqual([
      { pointer: '/resource_providers/chat_model/chat_model/kwargs/tools/0', message: '"add" in A, "multiply" in B' },
    ]);
  });

  it('tells an int from a float of the same value', () => {
    const original = parsePyJson(upstreamText('python/flink_agents/plan/tests/resources/agent_plan.json'));
    const changed = withValue(original, ['resource_providers', 'vector_store', 'mock_vector_store', 'descriptor', 'arguments', 'port'], parsePyJson('8000.0'));
    expect(diffPlans(asData(original), asData(changed)).differences.map((d) => d.message)).toEqual(['8000 in A, 8000.0 in B']);
  });

  it('ignores the order of keys, of resources and of trigger conditions, and how an event type is quoted', () => {
    const a = plan(
      '{"actions": {"x": {"name": "x", "exec": {"func_type": "PythonFunction", "module": "m", "qualname": "f"}, "trigger_conditions": ["_input_event", "a.b == 1"], "config": null}}, ' +
        '"resource_providers": {"tool": {}, "prompt": {}}, "agent_name": "A", "config": {"conf_data": {"k1": 1, "k2": 2}}}',
    );
    const b = plan(
      '{"agent_name": "A", "config": {"conf_data": {"k2": 2, "k1": 1}}, "resource_providers": {"prompt": {}, "tool": {}}, ' +
        '"actions": {"x": {"exec": {"qualname": "f", "module": "m", "func_type": "PythonFunction"}, "name": "x", "trigger_conditions": ["a.b == 1", "\'_input_event\'"], "config": null}}}',
    );
    expect(diffPlans(a, b).differences).toEqual([]);
  });

  it('maps the built-in actions between languages: the Java and Python snapshots agree on them', () => {
    const java = plan(upstreamText('e2e-test/cross-language-agent-plan-snapshots/java/agent_plan_with_python_action.json'));
    const python = plan(upstreamText('e2e-test/cross-language-agent-plan-snapshots/python/agent_plan_with_java_action.json'));
    const { differences, equivalences } = diffPlans(java, python);
    expect(differences.map((d) => d.pointer)).toEqual(['/actions/handle/exec', '/config/conf_data/action.trigger-condition.evaluate-failure-strategy']);
    expect(equivalences.map((e) => e.pointer)).toEqual(['/actions/chat_model_action/exec', '/actions/tool_call_action/exec', '/actions/context_retrieval_action/exec']);
  });

  it('notices when actions answering the same event swap order', () => {
    const action = (name: string, trigger: string) =>
      `"${name}": {"name": "${name}", "exec": {"func_type": "PythonFunction", "module": "m", "qualname": "${name}"}, "trigger_conditions": ["${trigger}"], "config": null}`;
    const a = plan(`{"actions": {${action('first', '_input_event')}, ${action('second', '_input_event')}, ${action('other', '_my_event')}}}`);
    const b = plan(`{"actions": {${action('other', '_my_event')}, ${action('second', '_input_event')}, ${action('first', '_input_event')}}}`);
    expect(diffPlans(a, b).differences).toEqual([
      { pointer: '/actions', message: 'actions on event _input_event run in the order first, second in A, second, first in B' },
    ]);
  });

  it('compares sub-agent input schemas as the JSON they hold', () => {
    const setup = (schema: string) =>
      `{"actions": {}, "resource_providers": {"agent": {"r": {"name": "r", "type": "agent", "module": "agentparity_ref.subagent", "clazz": "SubagentSetup", ` +
      `"serialized": {"description": "d", "input_schema": ${JSON.stringify(schema)}}, "__resource_provider_type__": "PythonSerializableResourceProvider"}}}}`;
    const a = plan(setup('{"type": "object", "required": ["a", "b"], "properties": {}}'));
    const same = plan(setup('{"properties":{},"required":["b","a"],"type":"object"}'));
    const other = plan(setup('{"type": "object", "required": ["a"], "properties": {}}'));
    expect(diffPlans(a, same)).toEqual({
      differences: [],
      equivalences: [
        { pointer: '/resource_providers/agent/r/serialized/input_schema', subject: 'input schema', message: 'the input schemas are written differently but hold the same JSON Schema' },
      ],
    });
    expect(diffPlans(a, other).differences).toEqual([{ pointer: '/resource_providers/agent/r/serialized/input_schema#/required/1', message: 'only in A: "b"' }]);
  });
});
